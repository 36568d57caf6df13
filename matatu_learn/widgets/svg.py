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
STYLE = """<style>
.matatu-card{display:inline-block;margin:2px;vertical-align:top;line-height:0}
.matatu-card svg{display:block}
.matatu-row{display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start}
.matatu-note{font-size:90%;line-height:1.3}
</style>"""


def card_label(card: int) -> str:
    """Words a screen reader says for a card: 'seven of diamonds', 'red joker'."""
    if card >= 52:
        return "red joker" if CARD_NAMES[card] == "RJ" else "black joker"
    rank = RANK_OF[card]
    word = RANK_WORDS.get(rank) or (
        "ten" if rank == 10 else ("two", "three", "four", "five", "six", "seven", "eight", "nine")[rank - 2]
    )
    return f"{word} of {SUIT_WORDS[SUIT_OF[card]]}"


def _ink(card: int) -> str:
    if card >= 52:
        return RED_INK if CARD_NAMES[card] == "RJ" else BLACK_INK
    return RED_INK if SUIT_OF[card] in (1, 2) else BLACK_INK


def card_svg(card: int, width: int = 64) -> str:
    """The face of a card, scalable (a viewBox of 100 x 140)."""
    height = round(width * 1.4)
    ink = _ink(card)
    frame = '<rect x="2" y="2" width="96" height="136" rx="9" fill="#fffdf7" stroke="#555" stroke-width="2"/>'
    if card >= 52:
        body = (
            f'<text x="50" y="62" font-size="40" text-anchor="middle" fill="{ink}">★</text>'
            f'<text x="50" y="98" font-size="15" font-weight="bold" text-anchor="middle" fill="{ink}" '
            f'letter-spacing="2">JOKER</text>'
            f'<text x="12" y="24" font-size="16" font-weight="bold" fill="{ink}">{CARD_NAMES[card]}</text>'
        )
    else:
        rank = CARD_NAMES[card][:-1]
        suit = SUIT_SYMBOLS[SUIT_OF[card]]
        body = (
            f'<text x="10" y="26" font-size="22" font-weight="bold" fill="{ink}">{rank}</text>'
            f'<text x="10" y="46" font-size="20" fill="{ink}">{suit}</text>'
            f'<text x="50" y="92" font-size="50" text-anchor="middle" fill="{ink}">{suit}</text>'
            f'<g transform="rotate(180 50 70)"><text x="10" y="26" font-size="22" font-weight="bold" '
            f'fill="{ink}">{rank}</text><text x="10" y="46" font-size="20" fill="{ink}">{suit}</text></g>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" width="{width}" height="{height}" '
        f'aria-hidden="true" font-family="DejaVu Sans, Arial, sans-serif">{frame}{body}</svg>'
    )


def back_svg(width: int = 64) -> str:
    height = round(width * 1.4)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" width="{width}" height="{height}" '
        'aria-hidden="true"><defs><pattern id="matatu-weave" width="10" height="10" patternUnits="userSpaceOnUse">'
        '<path d="M0 10 L10 0 M-2 2 L2 -2 M8 12 L12 8" stroke="#9fb8e8" stroke-width="2"/></pattern></defs>'
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="#1f4aa8" stroke="#555" stroke-width="2"/>'
        '<rect x="10" y="10" width="80" height="120" rx="6" fill="url(#matatu-weave)"/></svg>'
    )


def card_html(card: Card | int, width: int = 64, note: str = "", dimmed: bool = False) -> str:
    """A face-up card: its identity in ``data-card`` and an accessible label; ``note`` shows on hover."""
    name = CARD_NAMES[card]
    label = card_label(card) + (f": {note}" if note else "")
    style = ' style="opacity:0.45"' if dimmed else ""
    title = f' title="{html.escape(note)}"' if note else ""
    return (
        f'<span class="matatu-card" data-card="{name}" role="img" aria-label="{html.escape(label)}"'
        f"{title}{style}>{card_svg(card, width)}</span>"
    )


def back_html(width: int = 64, label: str = "face-down card") -> str:
    """A face-down card: no identity, only what anyone at the table could see."""
    return f'<span class="matatu-card" role="img" aria-label="{html.escape(label)}">{back_svg(width)}</span>'


def cards_html(cards, width: int = 64) -> str:
    return '<div class="matatu-row">' + "".join(card_html(card, width) for card in cards) + "</div>"
