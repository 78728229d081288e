"""``python -m mahjong_fast``: the ``mahjong-fast`` command (:mod:`mahjong_fast.cli`), for an
environment whose scripts folder is not on the PATH."""

from mahjong_fast.cli import main

if __name__ == "__main__":
    main()
