# The types of start_tags.pyx, an extension with no Python source: mypy and the package's users read them here.

#: The most attributes an element keeps; the others are left out before libxml2 parses the page.
MAX_ATTRIBUTES: int

def has_crowded_tag(body: bytes) -> bool: ...
def with_few_attributes(body: bytes) -> bytes: ...
