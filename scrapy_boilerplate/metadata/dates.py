"""Dates as pages write them, made ISO 8601 with the standard library alone.

Machine-readable values (``datetime`` attributes, JSON-LD, ``<meta>``) are
ISO 8601 or RFC 2822 nearly always; dates in the text are numeric
(``2025-12-19``, ``19.12.2025``, ``12/19/2025``, ``2025年12月19日``) or spell the
month out, in any of the 33 languages of :data:`MONTH_NAMES` (``December 19,
2025``, ``19. Dezember 2025``, ``19 de diciembre de 2025``, ``19 декабря 2025``). Relative dates ("yesterday",
"3 hours ago") and impossible ones (year 0, a month 13, a day after tomorrow)
give ``None``: a date left empty is better than one made up.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import re

#: The earliest year a page's date may have; earlier years are typos and placeholders.
MIN_YEAR = 1900
#: How far past today a date may lie (time zones; a page dated at midnight of the next day).
LEEWAY = dt.timedelta(days=2)
#: Longer values are not dates (a paragraph that happens to contain one).
MAX_LENGTH = 80

#: The months' names (wide and abbreviated, as dates write them and as a calendar heads them: Slavic
#: languages decline them) of the most used languages of the web, from CLDR. Chinese, Japanese and
#: Korean number their months (``2025年12月19日``): see :data:`_TEXT_DATES`.
MONTH_NAMES = {
    "en": ("january jan | february feb | march mar | april apr | may | june jun | july jul | august aug | "
           "september sept sep | october oct | november nov | december dec"),
    "es": ("enero ene | febrero feb | marzo mar | abril abr | mayo may | junio jun | julio jul | agosto ago | "
           "septiembre sept | octubre oct | noviembre nov | diciembre dic"),
    "de": ("januar jänner jan | februar feb | märz mär | april apr | mai | juni jun | juli jul | august aug | "
           "september sept sep | oktober okt | november nov | dezember dez"),
    "fr": ("janvier janv | février févr | mars | avril avr | mai | juin | juillet juil | août | "
           "septembre sept | octobre oct | novembre nov | décembre déc"),
    "ru": ("январь января янв | февраль февраля февр | марта март мар | апрель апреля апр | май мая | "
           "июнь июня июн | июль июля июл | августа август авг | сентябрь сентября сент | октябрь октября окт | "
           "ноябрь ноября нояб | декабрь декабря дек"),
    "pt": ("janeiro jan | fevereiro fev | março mar | abril abr | maio mai | junho jun | julho jul | "
           "agosto ago | setembro set | outubro out | novembro nov | dezembro dez"),
    "it": ("gennaio gen | febbraio feb | marzo mar | aprile apr | maggio mag | giugno giu | luglio lug | "
           "agosto ago | settembre set | ottobre ott | novembre nov | dicembre dic"),
    "nl": ("januari jan | februari feb | maart mrt | april apr | mei | juni jun | juli jul | augustus aug | "
           "september sep | oktober okt | november nov | december dec"),
    "pl": ("stycznia styczeń sty | lutego luty lut | marzec marca mar | kwiecień kwietnia kwi | maja maj | "
           "czerwiec czerwca cze | lipiec lipca lip | sierpień sierpnia sie | wrzesień września wrz | "
           "października październik paź | listopada listopad lis | grudzień grudnia gru"),
    "tr": ("ocak oca | şubat şub | mart mar | nisan nis | mayıs may | haziran haz | temmuz tem | ağustos ağu | "
           "eylül eyl | ekim eki | kasım kas | aralık ara"),
    "fa": "ژانویه | فوریه | مارس | آوریل |  | ژوئن | ژوئیه | اوت | سپتامبر | اکتبر | نوامبر | دسامبر",
    "id": ("januari jan | februari feb | maret mar | april apr | mei | juni jun | juli jul | agustus agu | "
           "september sep | oktober okt | november nov | desember des"),
    "cs": ("leden ledna led | února únor úno | březen března bře | duben dubna dub | květen května kvě | "
           "červen června čvn | července červenec čvc | srpen srpna srp | září zář | říjen října říj | "
           "listopadu listopad lis | prosince prosinec pro"),
    "uk": ("січень січня січ | лютого лютий лют | березень березня бер | квітень квітня квіт | "
           "травень травня трав | червень червня черв | липень липня лип | серпень серпня серп | "
           "вересень вересня вер | жовтень жовтня жовт | листопада листопад лист | грудень грудня груд"),
    "ar": "يناير | فبراير | مارس | أبريل | مايو | يونيو | يوليو | أغسطس | سبتمبر | أكتوبر | نوفمبر | ديسمبر",
    "sv": ("januari jan | februari feb | mars | april apr | maj | juni | juli | augusti aug | september sep | "
           "oktober okt | november nov | december dec"),
    "hu": ("január jan | február febr | március márc | április ápr | május máj | június jún | július júl | "
           "augusztus aug | szeptember szept | október okt | november nov | december dec"),
    "el": ("ιανουάριος ιανουαρίου ιαν | φεβρουάριος φεβρουαρίου φεβ | μάρτιος μαρτίου μάρ μαρ | "
           "απρίλιος απριλίου απρ | μάιος μαΐου μάι μαΐ | ιουνίου ιούνιος ιουν ιούν | "
           "ιουλίου ιούλιος ιουλ ιούλ | αυγούστου αύγουστος αυγ αύγ | σεπτέμβριος σεπτεμβρίου σεπ | "
           "οκτωβρίου οκτώβριος οκτ | νοέμβριος νοεμβρίου νοέ νοε | δεκέμβριος δεκεμβρίου δεκ"),
    "ro": ("ianuarie ian | februarie feb | martie mar | aprilie apr | mai | iunie iun | iulie iul | "
           "august aug | septembrie sept | octombrie oct | noiembrie nov | decembrie dec"),
    "da": ("januar jan | februar feb | marts mar | april apr | maj | juni jun | juli jul | august aug | "
           "september sep | oktober okt | november nov | december dec"),
    "fi": ("tammikuuta tammikuu tammi | helmikuuta helmikuu helmi | maaliskuuta maaliskuu maalis | "
           "huhtikuuta huhtikuu huhti | toukokuuta toukokuu touko | kesäkuuta kesäkuu kesä | "
           "heinäkuuta heinäkuu heinä | elokuuta elokuu elo | syyskuuta syyskuu syys | lokakuuta lokakuu loka | "
           "marraskuuta marraskuu marras | joulukuuta joulukuu joulu"),
    "he": ("ינואר ינו | פברואר פבר | מרץ | אפריל אפר | מאי | יוני | יולי | אוגוסט אוג | ספטמבר ספט | "
           "אוקטובר אוק | נובמבר נוב | דצמבר דצמ"),
    "sk": ("januára január jan | februára február feb | marca marec mar | apríla apríl apr | mája máj | "
           "júna jún | júla júl | augusta august aug | september septembra sep | október októbra okt | "
           "november novembra nov | december decembra dec"),
    "nb": ("januar jan | februar feb | mars mar | april apr | mai | juni jun | juli jul | august aug | "
           "september sep | oktober okt | november nov | desember des"),
    "bg": ("януари яну | февруари фев | март | април апр | май | юни | юли | август авг | септември сеп | "
           "октомври окт | ноември ное | декември дек"),
    "hr": ("siječanj siječnja sij | veljača veljače velj | ožujak ožujka ožu | travanj travnja tra | "
           "svibanj svibnja svi | lipanj lipnja lip | srpanj srpnja srp | kolovoza kolovoz kol | "
           "rujan rujna ruj | listopada listopad lis | studenoga studeni stu | prosinac prosinca pro"),
    "ca": ("gener gen | febrer febr | març | abril abr | maig | juny | juliol jul | agost | setembre set | "
           "octubre oct | novembre nov | desembre des"),
    "lt": ("sausio sausis saus | vasario vasaris vas | kovas kovo kov | balandžio balandis bal | "
           "gegužės gegužė geg | birželio birželis birž | liepos liepa liep | rugpjūtis rugpjūčio rugp | "
           "rugsėjis rugsėjo rugs | spalio spalis spal | lapkritis lapkričio lapkr | gruodžio gruodis gruod"),
    "sl": ("januar jan | februar feb | marec mar | april apr | maj | junij jun | julij jul | avgust avg | "
           "september sep | oktober okt | november nov | december dec"),
    "sr": ("јануар јан | фебруар феб | март мар | април апр | мај | јун | јул | август авг | септембар сеп | "
           "октобар окт | новембар нов | децембар дец"),
    "lv": ("janvāris janv | februāris febr | marts | aprīlis apr | maijs | jūnijs jūn | jūlijs jūl | "
           "augusts aug | septembris sept | oktobris okt | novembris nov | decembris dec"),
    "et": ("jaanuar jaan | veebruar veebr | märts | aprill apr | mai | juuni | juuli | august aug | "
           "september sept | oktoober okt | november nov | detsember dets"),
    "ms": ("januari jan | februari feb | mac | april apr | mei | jun | julai jul | ogos ogo | september sep | "
           "oktober okt | november nov | disember dis"),
}
#: Each month's number by its name, lower case; names that are different months in two languages
#: (Polish "listopad" is November, Croatian October) are left out.
MONTHS: dict[str, int] = {}
_AMBIGUOUS: set[str] = set()
for _groups in MONTH_NAMES.values():
    for _number, _names in enumerate(_groups.split(" | "), start=1):
        for _name in _names.split():
            if MONTHS.setdefault(_name, _number) != _number:
                _AMBIGUOUS.add(_name)
for _name in _AMBIGUOUS:
    del MONTHS[_name]

#: A word that may name a month: letters (a month's name is looked up in :data:`MONTHS`).
_MONTH = r"(?P<month>[^\W\d_]{3,})\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th|er|º|ª)?"
_YEAR = r"(?P<year>\d{4})"
#: "de", "of", "del" between a day, a month and a year ("19 de diciembre de 2025").
_OF = r"(?:(?:of|de|del)\s+|d[’']\s*)?"
#: Dates inside text, tried in this order; the first match wins.
_TEXT_DATES = [re.compile(pattern, re.IGNORECASE) for pattern in (
    r"\b" + _YEAR + r"[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})(?:\b|(?=T\d))",  # an ISO time may follow
    r"(?<!\d)" + _YEAR + r"\s*[年년]\s*(?P<month>\d{1,2})\s*[月월]\s*(?P<day>\d{1,2})\s*[日일]",
    r"\b" + _MONTH + r"\s+" + _DAY + r",?\s+" + _YEAR + r"\b",
    r"\b" + _DAY + r"\.?\s+" + _OF + _MONTH + r",?\s+" + _OF + _YEAR + r"\b",
    r"\b" + _YEAR + r"\.?\s+(?:m\.\s+)?" + _MONTH + r"\s+" + _DAY + r"\b",  # Hungarian, Lithuanian
    r"\b(?P<day>\d{1,2})\.(?P<month>\d{1,2})\.(?P<year>\d{4})\b",
    r"\b(?P<month>\d{1,2})/(?P<day>\d{1,2})/(?P<year>\d{4})\b",
    r"\b(?P<day>\d{1,2})/(?P<month>\d{1,2})/(?P<year>\d{4})\b",  # where the day comes first: 15/12/2025
)]
#: Names (of ``<meta>`` elements, of attributes) that say their value is a publication's time, or a
#: revision's: ``published-date``, ``article:first_published_time``, ``created-timestamp``, ``dc.date.modified``.
PUBLISHED_NAME = re.compile(r"publish|(?<![a-z])pub(?![a-z])|pub(?:date|time)|creat|issue|upload")
MODIFIED_NAME = re.compile(r"modif|updat|revis")
#: A date in a URL's path: /2025/12/19/, /2025-12-19-, /2025/december/19/.
URL_DATE = re.compile(r"/(?P<year>(?:19|20)\d{2})[/-](?P<month>[01]?\d|[^\W\d_]{3,})[/-](?P<day>[0-3]?\d)"
                      r"(?:[/-]|\.html?|$)")


def iso_date(value: object, *, today: dt.date | None = None) -> str | None:
    """``value`` as ISO 8601 (with its time and offset when it gives them), or ``None`` if it holds
    no plausible date."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > MAX_LENGTH:
        return None
    moment = _machine(text)
    if moment is not None:
        return _checked(moment, today)
    return text_date(text, today=today)


def text_date(text: str, *, today: dt.date | None = None) -> str | None:
    """The first plausible date written in ``text`` (``YYYY-MM-DD``), or ``None``."""
    for pattern in _TEXT_DATES:
        for match in pattern.finditer(text):
            found = _checked(_from_parts(match), today)
            if found is not None:
                return found
    return None


def url_date(url: str | None, *, today: dt.date | None = None) -> str | None:
    """The date a URL's path holds (``/2025/12/19/``), or ``None``."""
    match = URL_DATE.search(url or "")
    return _checked(_from_parts(match), today) if match else None


def local_day(moment: str, shown: str) -> bool:
    """Whether the day ``shown`` on the page (``YYYY-MM-DD``) is the UTC time ``moment``'s in the
    site's own time zone: the day before or after, which a time zone (UTC-12 to UTC+14) reaches
    from that hour. Pages declare UTC times and show their readers local dates."""
    try:
        utc, day = dt.datetime.fromisoformat(moment), dt.date.fromisoformat(shown[:10])
    except ValueError:
        return False
    if len(moment) <= 10 or utc.utcoffset() != dt.timedelta(0):
        return False
    if day == utc.date() - dt.timedelta(days=1):
        return utc.hour < 12
    return day == utc.date() + dt.timedelta(days=1) and utc.hour >= 10


def _machine(text: str) -> dt.datetime | dt.date | None:
    if text[:4].isdigit():
        candidate = text.replace(" ", "T", 1) if len(text) > 10 and text[10] == " " else text
        try:
            moment = dt.datetime.fromisoformat(candidate)
        except ValueError:
            return None
        return moment if len(text) > 10 else moment.date()
    if "," in text[:5] or text[:3].isalpha():
        try:
            return email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            return None
    return None


def _from_parts(match: re.Match[str]) -> dt.date | None:
    month = match["month"]
    number = int(month) if month.isdigit() else MONTHS.get(month.lower())
    if number is None:  # a word that names no month
        return None
    try:
        return dt.date(int(match["year"]), number, int(match["day"]))
    except ValueError:  # year 0, month 13, February 30
        return None


def _checked(moment: dt.datetime | dt.date | None, today: dt.date | None) -> str | None:
    if moment is None:
        return None
    day = moment.date() if isinstance(moment, dt.datetime) else moment
    if day.year < MIN_YEAR or day > (today or dt.date.today()) + LEEWAY:
        return None
    return moment.isoformat()
