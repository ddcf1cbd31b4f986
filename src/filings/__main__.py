"""`python -m filings`: the same command as `filings`."""

from filings.cli.main import main

main()
