"""`celestia play` once in a real pseudo-terminal: the screen comes up, a key plays, q saves."""

import json
import sys
from pathlib import Path

import pexpect


def test_play_in_a_pseudo_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "play", "--seed", "3", "--bots", "2",
                                           "--save", str(save), "--lang", "en"],
                          dimensions=(40, 100), encoding="utf-8", timeout=20,
                          env={"TERM": "xterm", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"})
    child.expect("Your choices:")
    child.send("1")
    child.send("q")
    child.expect("Game saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1          # the game is not over: it can be resumed
    history = json.loads(save.read_text(encoding="utf-8"))["history"]
    assert any(actor == 0 for actor, _ in history)


def test_an_80_by_24_terminal_shows_the_hand_and_every_choice(tmp_path: Path) -> None:
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "play", "--seed", "3", "--bots",
                                           "cautious,bold", "--coach", "--lang", "en"],
                          dimensions=(24, 80), encoding="utf-8", timeout=20,
                          env={"TERM": "xterm", "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
                               "CELESTIA_STATE_DIR": str(tmp_path)})
    child.expect("Your hand:")
    child.expect("Your choices:")
    child.expect("3. Play Ejection: Cirrus must leave the airship")
    child.expect("q: quit")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
