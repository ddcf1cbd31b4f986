"""filings: a read-only JSON REST service over Nordic and US company financial filings."""

__version__ = "1.0.0"
API_VERSION = "1.0.0"
