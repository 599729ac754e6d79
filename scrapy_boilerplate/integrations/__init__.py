"""Optional integrations with the Scrapy ecosystem's item and page-object libraries (the ``[articles]`` extra).

:mod:`.articles` makes zyte-common-items' ``Article`` of an extraction;
:mod:`.pages` is a web-poet page object returning it, for scrapy-poet's
callbacks. They sit above :func:`~scrapy_boilerplate.extract` and below the
Scrapy components (the pipeline makes its ``Article`` items here), import no
Scrapy, and are imported only by who uses them: nothing here is imported by
the package's ``__init__``.
"""
