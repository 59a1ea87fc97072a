"""A first end-to-end check: seeded games between bots end, and their records replay."""

from tutor.engine import Options, RandomBot, SeededChance, State, play_game, replay, to_record


def test_seeded_game_ends_and_replays_identically() -> None:
    state = play_game(State(Options(players=3)), [RandomBot(i) for i in range(3)],
                      SeededChance(7))
    assert state.is_terminal()
    again = replay(to_record(state))
    assert again.scores() == state.scores()
    assert again.history == state.history
