"""Accounts with keys made inside the test's transaction, as the access tests make them."""

from tests.access.conftest import new_key, secret

__all__ = ["new_key", "secret"]
