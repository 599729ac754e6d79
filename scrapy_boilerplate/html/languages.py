"""Language codes: those of ``lang`` attributes and the shipped stoplists' languages they name."""

from __future__ import annotations

import functools

#: ISO 639 codes (of ``lang`` attributes) of the shipped stoplists' languages.
LANGUAGE_CODES = {
    "af": "Afrikaans", "sq": "Albanian", "ar": "Arabic", "an": "Aragonese", "hy": "Armenian",
    "rup": "Aromanian", "ast": "Asturian", "az": "Azerbaijani", "eu": "Basque", "be": "Belarusian",
    "be-tarask": "Belarusian_Taraskievica", "bn": "Bengali", "bpy": "Bishnupriya_Manipuri", "bs": "Bosnian",
    "br": "Breton", "bg": "Bulgarian", "ca": "Catalan", "ceb": "Cebuano", "cv": "Chuvash", "hr": "Croatian",
    "cs": "Czech", "da": "Danish", "nl": "Dutch", "en": "English", "eo": "Esperanto", "et": "Estonian",
    "fi": "Finnish", "fr": "French", "gl": "Galician", "ka": "Georgian", "de": "German", "el": "Greek",
    "gu": "Gujarati", "ht": "Haitian", "he": "Hebrew", "iw": "Hebrew", "hi": "Hindi", "hu": "Hungarian",
    "is": "Icelandic", "io": "Ido", "ig": "Igbo", "id": "Indonesian", "in": "Indonesian", "ga": "Irish",
    "it": "Italian", "jv": "Javanese", "kn": "Kannada", "kk": "Kazakh", "ko": "Korean", "ku": "Kurdish",
    "ky": "Kyrgyz", "la": "Latin", "lv": "Latvian", "lt": "Lithuanian", "lmo": "Lombard", "nds": "Low_Saxon",
    "lb": "Luxembourgish", "mk": "Macedonian", "ms": "Malay", "ml": "Malayalam", "mt": "Maltese",
    "mr": "Marathi", "nap": "Neapolitan", "ne": "Nepali", "new": "Newar", "nb": "Norwegian_Bokmal",
    "no": "Norwegian_Bokmal", "nn": "Norwegian_Nynorsk", "oc": "Occitan", "fa": "Persian",
    "pms": "Piedmontese", "pl": "Polish", "pt": "Portuguese", "qu": "Quechua", "ro": "Romanian",
    "ru": "Russian", "sgs": "Samogitian", "sr": "Serbian", "sh": "Serbo_Croatian", "scn": "Sicilian",
    "sk": "Slovak", "sl": "Slovenian", "es": "Spanish", "su": "Sundanese", "sw": "Swahili", "sv": "Swedish",
    "tl": "Tagalog", "fil": "Tagalog", "ta": "Tamil", "te": "Telugu", "tr": "Turkish", "tk": "Turkmen",
    "uk": "Ukrainian", "ur": "Urdu", "uz": "Uzbek", "vi": "Vietnamese", "vo": "Volapuk", "wa": "Walloon",
    "war": "Waray_Waray", "cy": "Welsh", "fy": "West_Frisian", "pnb": "Western_Panjabi", "yo": "Yoruba",
}
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


@functools.cache
def _codes() -> dict[str, str]:
    # The first code of each language: the ISO 639-1 one where there is one ("he" before "iw").
    codes: dict[str, str] = {"Simple_English": "en"}
    for code, name in LANGUAGE_CODES.items():
        codes.setdefault(name, code)
    return codes


def language_code(name: str | None) -> str | None:
    """The ISO 639-1 code (ISO 639-2/3 where it has none) of a shipped stoplist's language name."""
    return _codes().get(name) if name else None
