"""Benchmarks refuse a debug build of the core: its timings mean nothing."""

import mahjong_fast
import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if mahjong_fast.BUILD_PROFILE != "release":
        pytest.exit(
            "benchmarks need a release build of the core "
            "(pip install . or maturin develop --release)",
            returncode=2,
        )
