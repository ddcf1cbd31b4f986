"""Documents of any company added by a manifest: PDF, HTML or text files, each a filing of its
company with pages and passages (`filings ingest documents --manifest FILE`)."""
