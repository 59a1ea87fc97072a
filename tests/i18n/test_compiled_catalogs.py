"""The compiled catalogs ship inside the package, for every domain and language."""

import tomllib
from pathlib import Path

import pytest

import tutor
from tutor.i18n import Translator, catalog
from tutor.tools.catalogs import TRANSLATED, domains

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(tutor.__file__).parent


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", sorted(domains()))
def test_every_domain_is_compiled_inside_the_package(domain: str, language: str) -> None:
    assert (PACKAGE / "locale" / language / "LC_MESSAGES" / f"{domain}.mo").is_file()


def test_the_package_data_covers_the_compiled_catalogs() -> None:
    """A non-editable install copies package data only: the .mo files must be part of it
    (tutor/locale/… are namespace packages found by `tutor*`, `*.mo` is their data)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["packages"]["find"].get("namespaces", True)
    assert any(pattern.startswith("tutor") for pattern in config["packages"]["find"]["include"])
    patterns = config["package-data"].get("*", []) + config["package-data"].get("tutor", [])
    assert "*.mo" in patterns or "locale/*/LC_MESSAGES/*.mo" in patterns


@pytest.mark.parametrize(("language", "expected"), [("fr", "Interrompu."), ("hu", "Megszakítva.")])
def test_a_known_string_is_translated(language: str, expected: str) -> None:
    catalog.cache_clear()
    assert Translator(language).gettext("Interrupted.") == expected
