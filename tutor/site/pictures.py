"""SVG pictures drawn from the engine's data, labelled in the page's language.

Each function returns one self-contained ``<svg>`` element (inline in the page: no file,
font or script to fetch, so the site works from ``file://``). Shapes are simple vector
drawings of the die faces; the colours are those printed on the faces (``FACE_COLOURS``).
"""

from __future__ import annotations

from html import escape

from ..engine import data
from ..engine.messages import N_
from ..i18n import Translator
from .terms import label

#: Screen colours for the printed colours of ``data.FACE_COLOURS``.
PAINT = {"blue": "#2f6db5", "yellow": "#e8b600", "red": "#c8322b", "black": "#222222",
         "white": "#ffffff"}
FONT = "font-family=\"Georgia, 'DejaVu Serif', serif\""


def _svg(width: int, height: int, title: str, body: list[str]) -> str:
    title_text = escape(title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="celestia-picture" role="img" '
            f'viewBox="0 0 {width} {height}" aria-label="{title_text}">'
            f"<title>{title_text}</title>{''.join(body)}</svg>")


#: A generous width of a serif letter, in ems (bold included): a label estimated wider
#: than its room is squeezed into it.
LETTER_WIDTH = 0.62


def _fit(text: str, size: int, room: float | None) -> str:
    """The attributes that squeeze ``text`` into ``room`` pixels where it may not fit (a
    picture does not wrap, and a language's word may be twice the English one)."""
    if room is None or len(text) * size * LETTER_WIDTH <= room:
        return ""
    return f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"'


def _text(x: float, y: float, text: str, size: int = 14, weight: str = "normal",
          fill: str = "#1b1b1b", room: float | None = None) -> str:
    """A label centred on ``x``, at most ``room`` pixels wide."""
    return (f'<text x="{x:g}" y="{y:g}" text-anchor="middle" font-size="{size}" '
            f'font-weight="{weight}" fill="{fill}" {FONT}{_fit(text, size, room)}>'
            f"{escape(text)}</text>")


def face(kind: str, x: float, y: float, size: float = 60) -> str:
    """One die face as a rounded square with its symbol, top-left corner at (x, y)."""
    colour = PAINT[data.FACE_COLOURS[kind]]
    parts = [f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size / 7:g}" '
             f'fill="#fbfaf6" stroke="#444" stroke-width="2"/>']
    cx, cy, s = x + size / 2, y + size / 2, size / 60
    if kind == data.FOG:
        parts.append("".join(
            f'<circle cx="{cx + dx * s:g}" cy="{cy + dy * s:g}" r="{r * s:g}" fill="{colour}"/>'
            for dx, dy, r in ((-11, 4, 10), (0, -4, 13), (12, 4, 10))))
        parts.append(f'<rect x="{cx - 21 * s:g}" y="{cy + 2 * s:g}" width="{42 * s:g}" '
                     f'height="{12 * s:g}" rx="{6 * s:g}" fill="{colour}"/>')
    elif kind == data.LIGHTNING:
        points = [(4, -22), (-12, 3), (0, 3), (-6, 22), (13, -5), (1, -5), (8, -22)]
        parts.append('<polygon points="' + " ".join(f"{cx + px * s:g},{cy + py * s:g}"
                                                    for px, py in points)
                     + f'" fill="{colour}" stroke="#8a6d00" stroke-width="1"/>')
    elif kind == data.BIRDS:
        for dx, dy in ((-9, -6), (9, 6)):
            bx, by = cx + dx * s, cy + dy * s
            parts.append(f'<path d="M{bx - 11 * s:g},{by - 4 * s:g} Q{bx - 5 * s:g},'
                         f'{by - 9 * s:g} {bx:g},{by:g} Q{bx + 5 * s:g},{by - 9 * s:g} '
                         f'{bx + 11 * s:g},{by - 4 * s:g}" fill="none" stroke="{colour}" '
                         f'stroke-width="{3.5 * s:g}" stroke-linecap="round"/>')
    elif kind == data.PIRATES:
        for sign in (1, -1):
            parts.append(f'<line x1="{cx - 17 * s * sign:g}" y1="{cy - 17 * s:g}" '
                         f'x2="{cx + 17 * s * sign:g}" y2="{cy + 17 * s:g}" stroke="{colour}" '
                         f'stroke-width="{4 * s:g}" stroke-linecap="round"/>')
            # The hilt: a short bar across the blade, near its handle.
            hx = cx - 17 * s * sign
            parts.append(f'<line x1="{hx + 7 * s * sign:g}" y1="{cy - 4 * s:g}" '
                         f'x2="{hx + 13 * s * sign:g}" y2="{cy - 10 * s:g}" stroke="{colour}" '
                         f'stroke-width="{3 * s:g}"/>')
    return "".join(parts)


#: Every picture is drawn about 400 units wide, a phone's width, so that on a 390 px
#: screen (about 358 px of text width) no label is smaller than 11 px; on a wide screen the
#: stylesheet caps the width.
WIDTH = 400
SMALLEST_LABEL = 13


def die_faces(tr: Translator) -> str:
    """The six faces of one Event die, each with its name, in rows of three."""
    size, per_row = 64, 3
    cell = WIDTH / per_row
    faces = data.DIE_FACES
    rows = -(-len(faces) // per_row)
    body = []
    for i, kind in enumerate(faces):
        x = cell * (i % per_row) + (cell - size) / 2
        y = 10 + (i // per_row) * (size + 46)
        body.append(face(kind, x, y, size))
        body.append(_text(x + size / 2, y + size + 24, label(kind, tr), 15, room=cell - 8))
    title = tr.format(N_("The {count} faces of an Event die"), count=len(faces))
    return _svg(WIDTH, 10 + rows * (size + 46), title, body)


def _card(x: float, y: float, width: float, height: float, colour: str, text: str) -> str:
    dark = colour in (PAINT["black"], PAINT["blue"], PAINT["red"])
    return (f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="8" '
            f'fill="{colour}" stroke="#333" stroke-width="1.5"/>'
            + _text(x + width / 2, y + height / 2 + 5, text, 15, "bold",
                    "#ffffff" if dark else "#1b1b1b", room=width - 12))


def hazards(tr: Translator) -> str:
    """Each hazard's die face, an arrow, and the Equipment card that answers it."""
    row, size = 70, 50
    body = []
    for i, hazard in enumerate(data.HAZARDS):
        y = 10 + i * row
        body.append(face(hazard, 8, y, size))
        name = label(hazard, tr)
        # From the face to the arrow.
        body.append(f'<text x="66" y="{y + size / 2 + 5:g}" font-size="15" fill="#1b1b1b" '
                    f'{FONT}{_fit(name, 15, 124)}>{escape(name)}</text>')
        body.append(f'<path d="M196,{y + size / 2:g} h36 m-10,-7 l10,7 l-10,7" fill="none" '
                    f'stroke="#555" stroke-width="2.5"/>')
        equipment = data.ANSWERS[hazard]
        body.append(_card(242, y + 3, 152, size - 6, PAINT[data.FACE_COLOURS[hazard]],
                          label(equipment, tr)))
    title = tr.gettext(N_("Each hazard and the Equipment card that answers it"))
    return _svg(WIDTH, 10 + len(data.HAZARDS) * row, title, body)


def route(tr: Translator) -> str:
    """The cities in order, each with its value and the dice rolled to reach it: the route
    runs left to right on the first row and back right to left on the second. The first
    row's labels stand above its cities and the second row's below, so that the line
    joining the two rows crosses no label."""
    cities = data.CITY_VALUES
    per_row = -(-len(cities) // 2)
    step, radius = WIDTH / per_row, 25
    #: Room for a city's dice and their label (above the first row, below the second).
    labels, small, gap = 44, 10, 3
    top = labels + radius + 4
    row = 2 * radius + 34
    points = []
    for i in range(len(cities)):
        column = i if i < per_row else 2 * per_row - 1 - i
        points.append((step * (column + 0.5), top + (i // per_row) * row))
    path = " ".join(f"{'M' if i == 0 else 'L'}{x:g},{y:g}" for i, (x, y) in enumerate(points))
    body = [f'<path d="{path}" fill="none" stroke="#9aa7b4" stroke-width="4" '
            f'stroke-dasharray="9 6"/>']
    for i, ((cx, cy), city) in enumerate(zip(points, cities, strict=True)):
        above = i < per_row
        body.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius}" fill="#f4e6c1" '
                    f'stroke="#8a6a2a" stroke-width="3"/>')
        body.append(_text(cx, cy + 8, str(city), 22, "bold", "#5a3d0c"))
        # Above: the label on top, the dice under it; below: the dice, then the label.
        dice_y = cy - radius - 6 - small if above else cy + radius + 6
        text_y = cy - radius - small - 13 if above else cy + radius + 34
        if city == data.START_CITY:
            body.append(_text(cx, text_y if above else cy + radius + 22,
                              tr.gettext(N_("start")), SMALLEST_LABEL, "normal", "#333",
                              room=step - 6))
            continue
        dice = data.dice_to_reach(city)
        left = cx - (dice * small + (dice - 1) * gap) / 2
        for d in range(dice):
            body.append(f'<rect x="{left + d * (small + gap):g}" y="{dice_y:g}" '
                        f'width="{small}" height="{small}" rx="2" fill="#fff" stroke="#333" '
                        f'stroke-width="1.3"/>')
        body.append(_text(cx, text_y, tr.ngettext("{count} die", "{count} dice", dice)
                          .format(count=dice), SMALLEST_LABEL, "normal", "#333",
                          room=step - 6))
    # {city_count}: the name the content's values give the number (the counts check
    # fills it with the game's own figure, never with 1).
    title = tr.format(N_("The route of the {city_count} cities, with the Event dice rolled "
                         "to reach each one"), city_count=len(cities))
    return _svg(WIDTH, top + row + radius + labels, title, body)


PICTURES = {"route": route, "hazards": hazards, "die": die_faces}
