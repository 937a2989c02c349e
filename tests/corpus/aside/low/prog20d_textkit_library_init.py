"""textkit -- lightweight text statistics and keyword extraction.

This is the package ``__init__``.  Public API::

    from textkit import Document, Corpus, readability, load_stopwords

    corpus = Corpus.from_directory("articles", pattern="*.txt")
    for doc, keywords in corpus.keywords(top=8):
        print(doc.name, keywords)
    print(readability(corpus["intro"].text))

Optional settings may be put in ``textkit.yaml`` in the working
directory (``language``, ``min_token_length``, ``extra_stopwords``).
"""
from __future__ import annotations

import hashlib
import json
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Dict, Iterable, Iterator, List, Optional, Tuple

import yaml

__all__ = ["Document", "Corpus", "Settings", "readability", "load_stopwords", "tokenize"]
__version__ = "0.9.3"

_WORD_RE = re.compile(r"[^\W\d_]+(?:['\-][^\W\d_]+)*", re.UNICODE)
_SENTENCE_RE = re.compile(r"[.!?]+(?:\s|$)")
_VOWEL_GROUPS = re.compile(r"[aeiouy]+")

_STOPWORDS = {
    "en": "a an and are as at be but by for from has have he her his i in is it its of on or "
          "she that the their them they this to was were will with you your we our not no so if",
    "de": "der die das und ist im in den von zu mit sich des auf für nicht ein eine als auch "
          "es an er hat dass sie nach wird bei einer um am sind noch wie einem über so",
}


@dataclass
class Settings:
    language: str = "en"
    min_token_length: int = 2
    extra_stopwords: List[str] = field(default_factory=list)
    cache_dir: str = ".textkit-cache"

    @classmethod
    def load(cls, path: str = "textkit.yaml") -> "Settings":
        p = Path(path)
        if not p.exists():
            return cls()
        raw = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
        return cls(**{k: v for k, v in raw.items() if k in cls.__dataclass_fields__})


@lru_cache(maxsize=8)
def load_stopwords(language: str = "en", extra: Tuple[str, ...] = ()) -> frozenset:
    words = _STOPWORDS.get(language, _STOPWORDS["en"]).split()
    return frozenset(w.lower() for w in (*words, *extra))


def normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def tokenize(text: str, min_length: int = 2, stopwords: Iterable[str] = ()) -> List[str]:
    stop = set(stopwords)
    return [w for w in _WORD_RE.findall(normalise(text)) if len(w) >= min_length and w not in stop]


def syllables(word: str) -> int:
    word = word.lower().rstrip("e")
    return max(1, len(_VOWEL_GROUPS.findall(word)))


def readability(text: str) -> Dict[str, float]:
    """Flesch reading ease and Flesch-Kincaid grade for English text."""
    words = _WORD_RE.findall(text)
    sentences = max(1, len(_SENTENCE_RE.findall(text)))
    if not words:
        return {"flesch_reading_ease": 0.0, "fk_grade": 0.0, "words": 0, "sentences": sentences}
    syl = sum(syllables(w) for w in words)
    wps = len(words) / sentences
    spw = syl / len(words)
    return {
        "flesch_reading_ease": round(206.835 - 1.015 * wps - 84.6 * spw, 2),
        "fk_grade": round(0.39 * wps + 11.8 * spw - 15.59, 2),
        "words": len(words),
        "sentences": sentences,
    }


@dataclass
class Document:
    name: str
    text: str
    settings: Settings = field(default_factory=Settings, repr=False)

    @cached_property
    def tokens(self) -> List[str]:
        stop = load_stopwords(self.settings.language, tuple(self.settings.extra_stopwords))
        return tokenize(self.text, self.settings.min_token_length, stop)

    @cached_property
    def term_counts(self) -> Counter:
        return Counter(self.tokens)

    @property
    def fingerprint(self) -> str:
        return hashlib.md5(self.text.encode("utf-8")).hexdigest()

    def top_terms(self, n: int = 10) -> List[Tuple[str, int]]:
        return self.term_counts.most_common(n)


class Corpus:
    def __init__(self, documents: Iterable[Document] = (), settings: Optional[Settings] = None):
        self.settings = settings or Settings.load()
        self._docs: Dict[str, Document] = {}
        for doc in documents:
            self.add(doc)

    @classmethod
    def from_directory(cls, directory: str, pattern: str = "*.txt",
                       settings: Optional[Settings] = None) -> "Corpus":
        settings = settings or Settings.load()
        docs = [Document(p.stem, p.read_text(encoding="utf-8", errors="replace"), settings)
                for p in sorted(Path(directory).glob(pattern)) if p.is_file()]
        return cls(docs, settings)

    def add(self, doc: Document) -> None:
        doc.settings = self.settings
        self._docs[doc.name] = doc

    def __getitem__(self, name: str) -> Document:
        return self._docs[name]

    def __iter__(self) -> Iterator[Document]:
        return iter(self._docs.values())

    def __len__(self) -> int:
        return len(self._docs)

    @cached_property
    def document_frequency(self) -> Counter:
        df: Counter = Counter()
        for doc in self:
            df.update(set(doc.tokens))
        return df

    def idf(self, term: str) -> float:
        return math.log((1 + len(self)) / (1 + self.document_frequency[term])) + 1.0

    def tfidf(self, doc: Document) -> Dict[str, float]:
        total = sum(doc.term_counts.values()) or 1
        return {t: (c / total) * self.idf(t) for t, c in doc.term_counts.items()}

    def keywords(self, top: int = 10) -> Iterator[Tuple[Document, List[str]]]:
        cache = _KeywordCache(Path(self.settings.cache_dir))
        for doc in self:
            cached = cache.get(doc.fingerprint, top)
            if cached is None:
                scores = self.tfidf(doc)
                cached = [t for t, _ in sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:top]]
                cache.put(doc.fingerprint, top, cached)
            yield doc, cached

    def similarity(self, a: str, b: str) -> float:
        va, vb = self.tfidf(self[a]), self.tfidf(self[b])
        dot = sum(va[t] * vb.get(t, 0.0) for t in va)
        na = math.sqrt(sum(v * v for v in va.values()))
        nb = math.sqrt(sum(v * v for v in vb.values()))
        return dot / (na * nb) if na and nb else 0.0


class _KeywordCache:
    """JSON cache of keyword lists, keyed by document fingerprint."""

    def __init__(self, directory: Path):
        self.directory = directory

    def _path(self, fingerprint: str, top: int) -> Path:
        return self.directory / ("%s-%d.json" % (fingerprint, top))

    def get(self, fingerprint: str, top: int) -> Optional[List[str]]:
        path = self._path(fingerprint, top)
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
        return None

    def put(self, fingerprint: str, top: int, keywords: List[str]) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self._path(fingerprint, top).write_text(json.dumps(keywords), encoding="utf-8")
