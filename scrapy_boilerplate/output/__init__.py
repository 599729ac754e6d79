"""The main content written with its structure: placement of the good blocks in the page, Markdown, clean
HTML, links."""

from .renderer import PageRenderer

__all__ = ["PageRenderer"]
