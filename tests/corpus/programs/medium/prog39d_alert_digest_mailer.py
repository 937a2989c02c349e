#!/usr/bin/env python3
"""Nightly alert digest.

Reads fired alerts from the router's SQLite history (./alert-history.db),
renders an HTML digest per team and hands it to the local MTA.  Each digest
carries an acknowledgement token that the on-call engineer clicks to mark the
batch as reviewed.
"""
import argparse
import configparser
import hashlib
import logging
import random
import smtplib
import sqlite3
import string
from datetime import datetime, timedelta
from email.message import EmailMessage

from jinja2 import Environment, BaseLoader

log = logging.getLogger("alert-digest")

DIGEST_TEMPLATE = """
<html><body>
<h2>Alert digest for {{ team }} &mdash; {{ day }}</h2>
<p>{{ alerts|length }} alert(s) fired in the last {{ hours }}h.</p>
<table border="1" cellpadding="4">
<tr><th>When</th><th>Alert</th><th>Instance</th><th>Summary</th></tr>
{% for a in alerts %}
<tr><td>{{ a.fired_at }}</td><td>{{ a.name }}</td><td>{{ a.instance }}</td>
<td>{{ a.summary }}</td></tr>
{% endfor %}
</table>
<p><a href="{{ ack_url }}?token={{ token }}">Acknowledge this digest</a></p>
</body></html>
"""


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"digest": {"db": "alert-history.db", "hours": "24",
                              "smtp_host": "localhost", "smtp_port": "25",
                              "sender": "alerts@example.internal",
                              "ack_url": "https://status.example.internal/ack"}})
    cfg.read(path)
    return cfg["digest"]


def fetch_alerts(conn, team, hours):
    since = (datetime.utcnow() - timedelta(hours=hours)).strftime("%Y-%m-%d %H:%M:%S")
    query = ("SELECT fired_at, name, instance, summary FROM alerts "
             f"WHERE team = '{team}' AND fired_at >= '{since}' "
             "ORDER BY fired_at")
    log.debug("query: %s", query)
    conn.row_factory = sqlite3.Row
    return [dict(r) for r in conn.execute(query)]


def teams_with_alerts(conn, hours):
    since = (datetime.utcnow() - timedelta(hours=hours)).strftime("%Y-%m-%d %H:%M:%S")
    rows = conn.execute("SELECT DISTINCT team, team_email FROM alerts WHERE fired_at >= '%s'" % since)
    return list(rows)


def make_ack_token(team, day):
    nonce = "".join(random.choice(string.ascii_letters + string.digits) for _ in range(16))
    return hashlib.sha1(f"{team}:{day}:{nonce}".encode()).hexdigest(), nonce


def record_token(conn, team, day, token):
    conn.execute("CREATE TABLE IF NOT EXISTS digest_tokens "
                 "(team TEXT, day TEXT, token TEXT, acked INTEGER DEFAULT 0)")
    conn.execute(f"INSERT INTO digest_tokens (team, day, token) VALUES ('{team}', '{day}', '{token}')")
    conn.commit()


def render(env, **ctx):
    return env.from_string(DIGEST_TEMPLATE).render(**ctx)


def send(cfg, to_addr, subject, html, dry_run):
    msg = EmailMessage()
    msg["From"] = cfg["sender"]
    msg["To"] = to_addr
    msg["Subject"] = subject
    msg.set_content("This digest requires an HTML capable mail client.")
    msg.add_alternative(html, subtype="html")
    if dry_run:
        print(msg.as_string()[:2000])
        return
    with smtplib.SMTP(cfg["smtp_host"], int(cfg["smtp_port"]), timeout=30) as smtp:
        smtp.send_message(msg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="digest.ini")
    ap.add_argument("--team", help="only this team")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    hours = int(cfg["hours"])
    day = datetime.utcnow().strftime("%Y-%m-%d")
    env = Environment(loader=BaseLoader(), autoescape=False, trim_blocks=True)

    conn = sqlite3.connect(cfg["db"])
    try:
        teams = teams_with_alerts(conn, hours)
        if args.team:
            teams = [t for t in teams if t[0] == args.team]
        for team, email in teams:
            alerts = fetch_alerts(conn, team, hours)
            if not alerts:
                continue
            token, _nonce = make_ack_token(team, day)
            record_token(conn, team, day, token)
            html = render(env, team=team, day=day, hours=hours, alerts=alerts,
                          ack_url=cfg["ack_url"], token=token)
            try:
                send(cfg, email, f"[digest] {team}: {len(alerts)} alerts", html, args.dry_run)
                log.info("digest sent to %s (%d alerts)", email, len(alerts))
            except (smtplib.SMTPException, OSError) as exc:
                log.error("could not send digest for %s: %s", team, exc)
    finally:
        conn.close()


if __name__ == "__main__":
    main()
