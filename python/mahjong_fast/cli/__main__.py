"""``python -m mahjong_fast.cli``: the ``mahjong-fast`` command."""

from . import main

main()
