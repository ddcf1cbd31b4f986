"""XBRL readers: inline XBRL documents and XBRL instances, without any taxonomy download."""
