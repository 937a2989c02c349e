"""Notes service -- a small FastAPI app for personal notes with tags.

Endpoints:
    GET    /notes?tag=&q=&limit=&offset=
    POST   /notes
    GET    /notes/{id}
    PUT    /notes/{id}
    DELETE /notes/{id}
    GET    /tags
    GET    /health

Storage is a SQLite file in the working directory (notes.db).
Run with:  python notes_service.py
"""
import sqlite3
import time
from contextlib import asynccontextmanager, contextmanager
from typing import Iterator, List, Optional

import uvicorn
from fastapi import Depends, FastAPI, HTTPException, Query, status
from pydantic import BaseModel, Field, field_validator

DB_FILE = "notes.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS note_tags (
    note_id INTEGER NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (note_id, tag)
);
CREATE INDEX IF NOT EXISTS idx_note_tags_tag ON note_tags(tag);
"""


class NoteIn(BaseModel):
    title: str = Field(min_length=1, max_length=200)
    body: str = Field(default="", max_length=100_000)
    tags: List[str] = Field(default_factory=list, max_length=20)

    @field_validator("tags")
    @classmethod
    def normalise_tags(cls, tags: List[str]) -> List[str]:
        cleaned = sorted({t.strip().lower() for t in tags if t.strip()})
        for tag in cleaned:
            if len(tag) > 40 or not all(c.isalnum() or c in "-_" for c in tag):
                raise ValueError("invalid tag: %r" % tag)
        return cleaned


class NoteOut(NoteIn):
    id: int
    created: float
    updated: float


class TagCount(BaseModel):
    tag: str
    count: int


@contextmanager
def open_db() -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(DB_FILE)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    try:
        yield conn
        conn.commit()
    except Exception:
        conn.rollback()
        raise
    finally:
        conn.close()


def get_conn() -> Iterator[sqlite3.Connection]:
    with open_db() as conn:
        yield conn


@asynccontextmanager
async def lifespan(app: FastAPI):
    with open_db() as conn:
        conn.executescript(SCHEMA)
    yield


app = FastAPI(title="Notes", version="1.0.0", lifespan=lifespan)


def load_note(conn: sqlite3.Connection, note_id: int) -> NoteOut:
    row = conn.execute("SELECT * FROM notes WHERE id = ?", (note_id,)).fetchone()
    if row is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "note not found")
    tags = [r["tag"] for r in conn.execute(
        "SELECT tag FROM note_tags WHERE note_id = ? ORDER BY tag", (note_id,))]
    return NoteOut(id=row["id"], title=row["title"], body=row["body"], tags=tags,
                   created=row["created"], updated=row["updated"])


def replace_tags(conn: sqlite3.Connection, note_id: int, tags: List[str]) -> None:
    conn.execute("DELETE FROM note_tags WHERE note_id = ?", (note_id,))
    conn.executemany("INSERT INTO note_tags (note_id, tag) VALUES (?, ?)",
                     [(note_id, t) for t in tags])


@app.get("/health")
def health(conn: sqlite3.Connection = Depends(get_conn)):
    count = conn.execute("SELECT COUNT(*) FROM notes").fetchone()[0]
    return {"status": "ok", "notes": count}


@app.get("/notes", response_model=List[NoteOut])
def list_notes(
    tag: Optional[str] = None,
    q: Optional[str] = Query(default=None, max_length=100),
    limit: int = Query(default=20, ge=1, le=200),
    offset: int = Query(default=0, ge=0),
    conn: sqlite3.Connection = Depends(get_conn),
):
    sql = "SELECT DISTINCT n.id FROM notes n LEFT JOIN note_tags t ON t.note_id = n.id WHERE 1 = 1"
    params: list = []
    if tag:
        sql += " AND t.tag = ?"
        params.append(tag.lower())
    if q:
        sql += " AND (n.title LIKE ? OR n.body LIKE ?)"
        like = "%" + q.replace("%", r"\%").replace("_", r"\_") + "%"
        params += [like, like]
    sql += " ORDER BY n.updated DESC LIMIT ? OFFSET ?"
    params += [limit, offset]
    ids = [r["id"] for r in conn.execute(sql, params)]
    return [load_note(conn, i) for i in ids]


@app.post("/notes", response_model=NoteOut, status_code=status.HTTP_201_CREATED)
def create_note(note: NoteIn, conn: sqlite3.Connection = Depends(get_conn)):
    now = time.time()
    cur = conn.execute("INSERT INTO notes (title, body, created, updated) VALUES (?, ?, ?, ?)",
                       (note.title, note.body, now, now))
    replace_tags(conn, cur.lastrowid, note.tags)
    return load_note(conn, cur.lastrowid)


@app.get("/notes/{note_id}", response_model=NoteOut)
def get_note(note_id: int, conn: sqlite3.Connection = Depends(get_conn)):
    return load_note(conn, note_id)


@app.put("/notes/{note_id}", response_model=NoteOut)
def update_note(note_id: int, note: NoteIn, conn: sqlite3.Connection = Depends(get_conn)):
    load_note(conn, note_id)
    conn.execute("UPDATE notes SET title = ?, body = ?, updated = ? WHERE id = ?",
                 (note.title, note.body, time.time(), note_id))
    replace_tags(conn, note_id, note.tags)
    return load_note(conn, note_id)


@app.delete("/notes/{note_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_note(note_id: int, conn: sqlite3.Connection = Depends(get_conn)):
    cur = conn.execute("DELETE FROM notes WHERE id = ?", (note_id,))
    if cur.rowcount == 0:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "note not found")


@app.get("/tags", response_model=List[TagCount])
def list_tags(conn: sqlite3.Connection = Depends(get_conn)):
    rows = conn.execute(
        "SELECT tag, COUNT(*) AS count FROM note_tags GROUP BY tag ORDER BY count DESC, tag"
    ).fetchall()
    return [TagCount(tag=r["tag"], count=r["count"]) for r in rows]


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=8400, log_level="info")
