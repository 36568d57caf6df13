"""The rules engine, pure Python: cards, actions, rules, the round, judging, scoring, views.

It reports facts, never sentences for a player: typed log records (``events``) and rulings
(``rulings``); the teaching layer's voice words them. Its modules form layers, each importing
only those below it: errors → cards → actions → rules → tables → events → judging → rulings →
round → scoring → view → frames → rules_text → reference.
"""
