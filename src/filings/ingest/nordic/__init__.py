"""Nordic ingestion: listed instruments, the document feed, report PDFs and release texts."""
