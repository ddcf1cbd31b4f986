"""The API as MCP tools (Model Context Protocol), over streamable HTTP and stdio."""
