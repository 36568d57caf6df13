"""What the table widget draws for one person: their seat's view as plain data, in the voice's words.

``table_state(session)`` turns a ``TableSession`` into a JSON-safe dict; the table widget
(``widgets/table_widget.py``) only draws it and sends back what was tapped. Everything in it
comes from the viewer's ``PlayerView``: another hand or the stock never enters it, so it can
never reach a browser. Cards are written in canonical notation (``"7♦"``); the widget looks
their faces up in its own ``faces`` map, made from ``cards_shown``.

The keys (every one always present; ``None`` where there is nothing):

- ``moves`` (int): moves made this round; ``round`` (int); ``headline`` (str): "Round 1 · House rules".
- ``status`` (str): whose turn it is and what the viewer may do, one sentence.
- ``your_turn`` (bool): the viewer may act now (hand cards are enabled only then).
- ``covered`` (bool) and ``cover_label`` (str): a shared screen's cover between two people.
- ``direction`` (1 clockwise, -1 anticlockwise) and ``direction_words`` (str).
- ``order``: the seats in the order of play, starting with the seat to move, each
  ``{"seat": index, "name": "North", "who": "computer, heuristic" or "", "you": bool,
  "cards": int, "cards_words": "7 cards", "to_move": bool, "eight": bool, "jack": bool,
  "tags": [str, ...]}`` — ``eight`` marks the seat an 8 would step over, ``jack`` the seat a J
  (or a reversing Q) would hand the turn to; ``tags`` say both in words.
- ``order_sentence`` (str): the same in one sentence, for a screen reader.
- ``pile``: ``{"top": card or None, "size": int, "words": str, "facts": [str, ...]}``.
- ``stock``: ``{"size": int, "words": "23 cards to draw"}``.
- ``marker``: ``{"card": card, "title": str, "text": str}`` or ``None``; ``chopper`` (str): which
  seven chops, in words.
- ``hand``: ``{"title": str, "show_playable": bool, "cards": [{"card": card, "playable": bool,
  "reason": str, "drawn": bool, "chopper": bool}, ...]}``.
- ``question``: ``{"text": str, "answers": [label, ...]}`` or ``None`` (answered by index).
- ``controls``: ``[{"kind": "draw", "label": "Draw", "enabled": bool, "reason": str}, ...]``, the
  buttons this ruleset has (draw, pass, pick, cut, catch, call) and ``hint``.
- ``notice``: ``{"text": str, "card": card or None, "control": kind or None, "serial": int}`` or
  ``None``: a refused tap's reason (or a hint), shown in place; ``serial`` changes each time.
- ``last``: ``{"text": str, "seat": index, "card": card or None, "laid": bool, "serial": int}`` or
  ``None``: the latest move; ``laid`` when a card went from a hand to the pile.
- ``log``: ``[{"text": str, "action": notation}, ...]``, this round's moves as the viewer heard them.
- ``computer``: ``{"to_move": bool, "name": str}``: whether "Next move" has something to do.
- ``result``: ``None`` while the round is on, else ``{"ending": str, "rows": [{"name", "cards",
  "total", "points", "won"}], "match": {"names": [...], "rounds": [[points, ...]], "totals": [...]}
  or None, "match_text": str, "saved": str, "next_round": bool}``.
- ``coach``: ``None``, or ``{"title": str, "paragraphs": [str, ...], "verdict": {"kind": "good" or
  "better", "text": str} or None}`` for a coached game.
- ``cards_shown``: every face-up card in this state (the only faces the widget may send).
"""
