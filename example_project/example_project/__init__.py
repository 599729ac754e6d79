"""A Scrapy project crawling the bundled site (``../site``) into clean text."""
