"""The bodies of the strategy table's entries (``solver/design/strategies.py`` says when each applies)."""
