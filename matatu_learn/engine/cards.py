"""Cards, suits and colours, and their text notation.

A card is a small immutable integer with a name: ``suit * 13 + rank - 1`` for
the 52 ordinary cards, 52 for the red joker and 53 for the black joker. There
is exactly one ``Card`` object per card, so cards compare and hash like ints
and the engine can index tables with them.

>>> card = parse_card("7d")
>>> card, card.rank, SUIT_SYMBOLS[card.suit], card.colour
(Card('7♦'), 7, '♦', 'red')
>>> format_cards(parse_cards("10h as RJ"))
'10♥ A♠ RJ'
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import CardError

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RED, BLACK = "red", "black"
COLOUR_OF_SUIT = (BLACK, RED, RED, BLACK)

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_SYMBOLS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_RANK = 0
RED_JOKER_INDEX, BLACK_JOKER_INDEX = 52, 53

_SUIT_INPUT = {
    "♠": SPADES,
    "s": SPADES,
    "♤": SPADES,
    "♥": HEARTS,
    "h": HEARTS,
    "♡": HEARTS,
    "♦": DIAMONDS,
    "d": DIAMONDS,
    "♢": DIAMONDS,
    "♣": CLUBS,
    "c": CLUBS,
    "♧": CLUBS,
}
_RANK_INPUT = {symbol.lower(): rank for rank, symbol in enumerate(RANK_SYMBOLS) if symbol}
_RANK_INPUT["t"] = 10

ACCEPTED_ORDINARY = "a rank (A 2-10 J Q K, T for 10) then a suit (♠ ♥ ♦ ♣ or s h d c)"
ACCEPTED_CARDS = f"{ACCEPTED_ORDINARY}, or RJ / BJ for a joker"


class Card(int):
    """One playing card; there is a single instance of each, in ``DECK``.

    Its facts are plain attributes, set once when the deck is made: the engine reads them on
    its hot path (``card.is_joker``), where a property would cost a call each time.
    """

    is_joker: bool
    rank: int  # 1 (Ace) to 13 (King); 0 for a joker
    suit: int | None  # 0-3 (see ``SUITS``); None for a joker
    colour: str

    def __new__(cls, index: int) -> Card:
        card = super().__new__(cls, index)
        joker = index >= RED_JOKER_INDEX
        card.is_joker = joker
        card.rank = JOKER_RANK if joker else index % 13 + 1
        card.suit = None if joker else index // 13
        if joker:
            card.colour = RED if index == RED_JOKER_INDEX else BLACK
        else:
            card.colour = COLOUR_OF_SUIT[index // 13]
        return card

    def __setattr__(self, name, value):
        if name in self.__dict__ or name not in Card.__annotations__:
            raise AttributeError("cards are immutable")
        super().__setattr__(name, value)

    def __str__(self) -> str:
        return CARD_NAMES[self]

    def __repr__(self) -> str:
        return f"Card('{CARD_NAMES[self]}')"

    def __reduce__(self):
        return (card_at, (int(self),))


def _name(index: int) -> str:
    if index == RED_JOKER_INDEX:
        return "RJ"
    if index == BLACK_JOKER_INDEX:
        return "BJ"
    return RANK_SYMBOLS[index % 13 + 1] + SUIT_SYMBOLS[index // 13]


CARD_NAMES = tuple(_name(index) for index in range(54))
DECK = tuple(Card(index) for index in range(54))
"""Every card in the engine's canonical order: ♠ A-K, ♥, ♦, ♣, then RJ, BJ."""
RED_JOKER, BLACK_JOKER = DECK[RED_JOKER_INDEX], DECK[BLACK_JOKER_INDEX]
STANDARD_DECK = DECK[:52]

# Flat tables the engine indexes on its hot path.
RANK_OF = tuple(card.rank for card in DECK)
SUIT_OF = tuple(-1 if card.is_joker else card.suit for card in DECK)
COLOUR_OF = tuple(card.colour for card in DECK)


def card_at(index: int) -> Card:
    return DECK[index]


def make_card(rank: int, suit: int) -> Card:
    """The card of a rank (1-13) and suit (0-3).

    >>> make_card(7, DIAMONDS)
    Card('7♦')
    """
    return DECK[suit * 13 + rank - 1]


def parse_suit(text: str) -> int:
    """Read a suit written as a symbol or a letter.

    >>> SUIT_SYMBOLS[parse_suit("H")]
    '♥'
    """
    key = text.strip().lower() if isinstance(text, str) else None
    if key not in _SUIT_INPUT:
        raise CardError(f"'{text}' is not a suit: write one of ♠ ♥ ♦ ♣ (or s h d c).")
    return _SUIT_INPUT[key]


def parse_colour(text: str) -> str:
    key = text.strip().lower() if isinstance(text, str) else None
    if key not in (RED, BLACK):
        raise CardError(f"'{text}' is not a colour: write red or black.")
    return key


def parse_card(text: str, jokers: bool = True) -> Card:
    """Read one card; symbols or letters, any case, ``T`` for 10. ``jokers=False``: a deck of the
    52 ordinary cards, where a joker is refused and no sentence offers one.

    >>> parse_card("Ts"), parse_card("bj")
    (Card('10♠'), Card('BJ'))
    >>> parse_card("RJ", jokers=False)
    Traceback (most recent call last):
    ...
    matatu_learn.engine.errors.CardError: 'RJ' is a joker: write one of the 52 ordinary cards, a rank (A 2-10 J Q K, T for 10) then a suit (♠ ♥ ♦ ♣ or s h d c).
    """
    accepted = ACCEPTED_CARDS if jokers else ACCEPTED_ORDINARY
    if not isinstance(text, str):
        raise CardError(f"'{text}' is not a card: write {accepted}.")
    cleaned = text.strip()
    upper = cleaned.upper()
    if upper in ("RJ", "BJ") and not jokers:
        raise CardError(f"'{text}' is a joker: write one of the 52 ordinary cards, {ACCEPTED_ORDINARY}.")
    if upper in ("RJ", "BJ"):
        return RED_JOKER if upper == "RJ" else BLACK_JOKER
    if len(cleaned) >= 2:
        rank = _RANK_INPUT.get(cleaned[:-1].lower())
        suit = _SUIT_INPUT.get(cleaned[-1].lower())
        if rank is not None and suit is not None:
            return make_card(rank, suit)
    raise CardError(f"'{text}' is not a card: write {accepted}.")


def parse_cards(text: str | Iterable[str], jokers: bool = True) -> list[Card]:
    """Read cards from a string separated by spaces or commas, or from a list of strings
    (``jokers=False``: of the 52 ordinary cards, see ``parse_card``).

    >>> parse_cards("7♦, 7h 8S")
    [Card('7♦'), Card('7♥'), Card('8♠')]
    """
    if isinstance(text, str):
        words = text.replace(",", " ").split()
    elif isinstance(text, (list, tuple)):
        words = list(text)
    else:
        raise CardError(f"'{text}' is not a list of cards: write cards separated by spaces, e.g. '7♦ K♣'.")
    return [parse_card(word, jokers) for word in words]


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(CARD_NAMES[card] for card in cards)


def deck_for(jokers: bool) -> tuple[Card, ...]:
    """The deck of one game, in canonical order."""
    return DECK if jokers else STANDARD_DECK
