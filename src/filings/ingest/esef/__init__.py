"""ESEF: the annual financial reports Nordic issuers file in the European Single Electronic
Format, read from their report packages and the filings.xbrl.org index."""
