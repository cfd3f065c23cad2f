"""Read-only viewers over a game or the ledger: paytable, rules, history, round replay, balance
chart. They move no money."""
