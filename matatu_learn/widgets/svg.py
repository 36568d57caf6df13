"""Cards drawn as SVG, made by the package: no third-party artwork.

A face-up card carries ``data-card`` in canonical notation and an accessible
label; a face-down card carries no identity at all.

>>> from matatu_learn.engine.cards import parse_card
>>> 'data-card="7♦"' in card_html(parse_card("7d"))
True
>>> "data-card" in back_html()
False
"""

from __future__ import annotations

import html

from ..engine.cards import CARD_NAMES, RANK_OF, SUIT_OF, SUIT_SYMBOLS, Card

RED_INK, BLACK_INK = "#c62828", "#1b1b1b"
RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
# How a mark is written under a card: a sign and a word, so it is not told by colour alone.
MARK_SIGNS = {"chopper": "✂ chopper", "can be played": "▲ play"}
# A card's width is given for a 1366 px window and scales with the window (CARD_SCALE below).
# Every page shares this sheet: the focus outline, links told from text by more than colour, and
# readable accordion titles (the widgets' own grey on grey is below the contrast a reader needs).
STYLE = """<style>
.matatu-card{display:inline-block;position:relative;margin:2px;vertical-align:top;line-height:0}
.matatu-card svg{display:block;height:auto}
.matatu-card.matatu-marked{outline:3px solid #2e7d32;outline-offset:1px;border-radius:6px}
.matatu-card.matatu-chopper{outline:3px dashed #8e24aa;outline-offset:1px;border-radius:6px}
.matatu-card.matatu-changed{box-shadow:0 0 0 3px #ffbf00;border-radius:6px}
.matatu-card-choice{position:relative}
.matatu-card-choice button{position:static !important}
.matatu-card-choice button::after{content:"";position:absolute;inset:0;cursor:pointer}
.matatu-stepper .widget-html-content,.matatu-live{line-height:1.45 !important}
.matatu-stepper p,.matatu-stepper ul{margin:4px 0}
.matatu-stepper-bar{position:sticky;bottom:0;z-index:3;background:#fff;border-top:1px solid #ddd;padding:2px 0}
.jp-OutputArea:has(.matatu-stepper),.jp-OutputArea-child:has(.matatu-stepper),.jp-OutputArea-output:has(.matatu-stepper),.widget-box:has(.matatu-stepper-bar){overflow:visible !important}
@media (max-width:600px){
.matatu-stepper .matatu-marker-rule{display:none}
.matatu-stepper .matatu-felt{flex-wrap:nowrap !important;gap:8px !important}
.matatu-stepper-bar .matatu-restart{font-size:0 !important;min-width:44px !important}
.matatu-stepper-bar .matatu-restart i{font-size:14px;margin:0}
}
.matatu-marks{display:block;line-height:1.1;font-size:11px;font-weight:bold;text-align:center;margin-top:2px;color:#1b1b1b}
.matatu-row{display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start;max-width:100%}
.matatu-note{font-size:90%;line-height:1.3}
.matatu-verdict{border-left:6px solid;padding:6px 10px;margin:4px 0;border-radius:4px}
.matatu-verdict.right{border-color:#2e7d32;background:#e8f5e9;color:#1b5e20}
.matatu-verdict.wrong{border-color:#c62828;background:#ffebee;color:#8e0000}
.matatu-verdict.hint{border-color:#f9a825;background:#fffde7;color:#1b1b1b}
.matatu-table-wrap{max-width:100%;overflow-x:auto}
.matatu-compare{border-collapse:collapse;max-width:100%}
.matatu-compare th,.matatu-compare td{padding:3px 8px;text-align:left;vertical-align:top;border-bottom:1px solid #ddd}
.matatu-compare tr.matatu-differs{background:#fff3c4}
.matatu-compare .matatu-unused{color:#555;font-style:italic}
.jupyter-widgets :focus-visible,.jp-OutputArea :focus-visible{outline:3px solid #1a5fb4 !important;outline-offset:2px}
.jupyter-widget-Collapse-header{color:#1b1b1b !important}
.jp-RenderedHTMLCommon a,.jupyter-widgets a{text-decoration:underline !important}
</style>"""
# How a card's width follows the window: the width given at 1366 px, never below 80% nor above 150% of it,
# and never below MIN_CARD_WIDTH: a card on a phone stays big enough to read and to tap.
CARD_SCALE = (0.8, 1366, 1.5)
MIN_CARD_WIDTH = 56


def card_label(card: int) -> str:
    """Words a screen reader says for a card: 'seven of diamonds', 'red joker'."""
    if card.is_joker:
        return "red joker" if CARD_NAMES[card] == "RJ" else "black joker"
    rank = RANK_OF[card]
    word = RANK_WORDS.get(rank) or (
        "ten" if rank == 10 else ("two", "three", "four", "five", "six", "seven", "eight", "nine")[rank - 2]
    )
    return f"{word} of {SUIT_WORDS[SUIT_OF[card]]}"


def _ink(card: int) -> str:
    if card.is_joker:
        return RED_INK if CARD_NAMES[card] == "RJ" else BLACK_INK
    return RED_INK if SUIT_OF[card] in (1, 2) else BLACK_INK


def _size(width: int) -> str:
    """The width and height attributes (for pages without the stylesheet) and a width that scales with the window.

    >>> _size(40).split('"')[1], "clamp(56px," in _size(40)
    ('56', True)
    """
    width = max(width, MIN_CARD_WIDTH)
    low, window, high = CARD_SCALE
    scaled = (
        f"clamp({max(round(width * low), MIN_CARD_WIDTH)}px, {width / window * 100:.2f}vw, {round(width * high)}px)"
    )
    return f'width="{width}" height="{round(width * 1.4)}" style="width:{scaled};height:auto"'


def card_svg(card: int, width: int = 64) -> str:
    """The face of a card, scalable (a viewBox of 100 x 140)."""
    ink = _ink(card)
    frame = '<rect x="2" y="2" width="96" height="136" rx="9" fill="#fffdf7" stroke="#555" stroke-width="2"/>'
    if card.is_joker:
        # Big enough to read on a hand-sized card: a star in the corners, JOKER and its colour in words.
        colour = "RED" if CARD_NAMES[card] == "RJ" else "BLACK"
        corner = f'<text x="8" y="28" font-size="26" fill="{ink}">★</text>'
        body = (
            f'{corner}<g transform="rotate(180 50 70)">{corner}</g>'
            f'<text x="50" y="66" font-size="30" text-anchor="middle" fill="{ink}">★</text>'
            f'<text x="50" y="92" font-size="21" font-weight="bold" text-anchor="middle" fill="{ink}">JOKER</text>'
            f'<text x="50" y="112" font-size="15" font-weight="bold" text-anchor="middle" fill="{ink}">{colour}</text>'
        )
    else:
        rank = CARD_NAMES[card][:-1]
        suit = SUIT_SYMBOLS[SUIT_OF[card]]
        body = (
            f'<text x="10" y="30" font-size="28" font-weight="bold" fill="{ink}">{rank}</text>'
            f'<text x="10" y="54" font-size="24" fill="{ink}">{suit}</text>'
            f'<text x="50" y="90" font-size="44" text-anchor="middle" fill="{ink}">{suit}</text>'
            f'<g transform="rotate(180 50 70)"><text x="10" y="30" font-size="28" font-weight="bold" '
            f'fill="{ink}">{rank}</text><text x="10" y="54" font-size="24" fill="{ink}">{suit}</text></g>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" {_size(width)} '
        f'aria-hidden="true" focusable="false" font-family="DejaVu Sans, Arial, sans-serif">{frame}{body}</svg>'
    )


def back_svg(width: int = 64) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" {_size(width)} '
        'aria-hidden="true" focusable="false"><defs><pattern id="matatu-weave" width="10" height="10" patternUnits="userSpaceOnUse">'
        '<path d="M0 10 L10 0 M-2 2 L2 -2 M8 12 L12 8" stroke="#9fb8e8" stroke-width="2"/></pattern></defs>'
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="#1f4aa8" stroke="#555" stroke-width="2"/>'
        '<rect x="10" y="10" width="80" height="120" rx="6" fill="url(#matatu-weave)"/></svg>'
    )


def card_html(
    card: Card | int,
    width: int = 64,
    note: str = "",
    dimmed: bool = False,
    marks: tuple[str, ...] = (),
    changed: bool = False,
) -> str:
    """A face-up card: its identity in ``data-card`` and an accessible label; ``note`` shows on hover.
    ``changed``: the last move brought it (outlined, and ``data-changed`` for a program).

    ``marks`` are words written under the card and said with it ("chopper", "can be played"): a mark
    that is seen, not a colour only.

    >>> from matatu_learn.engine.cards import parse_card
    >>> 'aria-label="seven of diamonds, chopper"' in card_html(parse_card("7d"), marks=("chopper",))
    True
    """
    name = CARD_NAMES[card]
    label = card_label(card) + "".join(f", {mark}" for mark in marks) + (f": {note}" if note else "")
    style = ' style="opacity:0.45"' if dimmed else ""
    title = f' title="{html.escape(note)}"' if note else ""
    kind = " matatu-chopper" if "chopper" in marks else (" matatu-marked" if marks else "")
    kind += " matatu-changed" if changed else ""
    # The words under the card repeat the label, so a screen reader hears them once, from the label.
    signs = " · ".join(MARK_SIGNS.get(mark, mark) for mark in marks)
    written = f'<span class="matatu-marks" aria-hidden="true">{html.escape(signs)}</span>' if marks else ""
    return (
        f'<span class="matatu-card{kind}" data-card="{name}"{" data-changed" if changed else ""} role="img" '
        f'aria-label="{html.escape(label)}"'
        f"{title}{style}>{card_svg(card, width)}{written}</span>"
    )


def back_html(width: int = 64, label: str = "face-down card") -> str:
    """A face-down card: no identity, only what anyone at the table could see."""
    return f'<span class="matatu-card" role="img" aria-label="{html.escape(label)}">{back_svg(width)}</span>'


def cards_html(cards, width: int = 64) -> str:
    return '<div class="matatu-row">' + "".join(card_html(card, width) for card in cards) + "</div>"
