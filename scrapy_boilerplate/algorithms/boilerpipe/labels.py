"""The labels boilerpipe's filters put on text blocks, besides content or not."""

from __future__ import annotations

#: The block matches the page's ``<title>`` (or its longest part).
TITLE = "TITLE"
#: A block made boilerplate only for being outside the largest content block.
MIGHT_BE_CONTENT = "MIGHT_BE_CONTENT"
#: A short block such as "Comments" or "Add your comment" that usually follows the main text.
INDICATES_END_OF_TEXT = "INDICATES_END_OF_TEXT"
