"""The API's operations, declared once: each names its arguments (one pydantic model), its
answers and the service work it runs; the HTTP routes (`routes.py`), the MCP tools
(`filings.mcp`), the answer cache's keys and the API document are derived from the declarations
in `operations.py`. `state.py` holds the one typed object the app shares with every request."""
