#!/usr/bin/env bash
# newsletter_weekly_scheduler.sh - build the weekly blog digest and send it through Mailgun.
#
# Pulls the latest posts from the blog RSS feed, renders them into the digest
# template and sends one campaign message to the subscribers list. The first
# run registers itself for Monday 09:00 so the digest keeps going out.
#
#   MAILGUN_API_KEY=... ./newsletter_weekly_scheduler.sh [--dry-run] [--feed URL] [--list ADDR]
set -euo pipefail

CONF="${NEWSLETTER_CONF:-./newsletter.conf}"
FEED_URL="https://blog.example.com/feed.xml"
LIST_ADDR="weekly@lists.example.com"
MG_DOMAIN="mg.example.com"
FROM="Example Weekly <weekly@example.com>"
MAX_POSTS=6
WORK=/tmp/newsletter_digest
SCHEDULE="0 9 * * 1"
DRY_RUN=0
SELF="$(readlink -f "$0")"

# shellcheck disable=SC1090
[[ -f "$CONF" ]] && source "$CONF"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }
die() { log ERROR "$1"; exit "${2:-1}"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --feed) FEED_URL="$2"; shift ;;
    --list) LIST_ADDR="$2"; shift ;;
    --schedule) SCHEDULE="$2"; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) die "unknown option: $1" 2 ;;
  esac
  shift
done

fetch_feed() {
  mkdir -p "$WORK"
  curl -fsS --retry 3 --max-time 30 -o "$WORK/feed.xml" "$FEED_URL" \
    || die "could not fetch $FEED_URL"
}

render_digest() {
  python3 - "$WORK/feed.xml" "$MAX_POSTS" > "$WORK/digest.html" <<'PY'
import html, re, sys
feed = open(sys.argv[1], encoding="utf-8").read()
items = re.findall(r"<item>(.*?)</item>", feed, re.S)[: int(sys.argv[2])]
def tag(block, name):
    m = re.search(rf"<{name}>(?:<!\[CDATA\[)?(.*?)(?:\]\]>)?</{name}>", block, re.S)
    return (m.group(1) if m else "").strip()
print("<h1>This week on the blog</h1><ul>")
for it in items:
    t, l, d = tag(it, "title"), tag(it, "link"), re.sub("<[^>]+>", "", tag(it, "description"))
    print(f'<li><a href="{html.escape(l)}">{html.escape(t)}</a><p>{html.escape(d[:220])}</p></li>')
print("</ul><p><small>You get this because you subscribed at example.com.</small></p>")
PY
  [[ -s "$WORK/digest.html" ]] || die "digest came out empty"
  log INFO "digest rendered: $(grep -c '<li>' "$WORK/digest.html") posts"
}

send_digest() {
  local subject="Example Weekly - $(date '+%d %b %Y')"
  if [[ "$DRY_RUN" -eq 1 ]]; then
    log INFO "dry run: would send '$subject' to $LIST_ADDR"
    return 0
  fi
  [[ -n "${MAILGUN_API_KEY:-}" ]] || die "MAILGUN_API_KEY is not set"
  local code
  code=$(curl -sS -o "$WORK/send.json" -w '%{http_code}' --max-time 60 \
    --user "api:${MAILGUN_API_KEY}" \
    "https://api.mailgun.net/v3/${MG_DOMAIN}/messages" \
    -F from="$FROM" -F to="$LIST_ADDR" -F subject="$subject" \
    -F html=@"$WORK/digest.html" -F o:tag=weekly-digest -F o:tracking=yes)
  [[ "$code" == 200 ]] || die "Mailgun returned $code: $(cat "$WORK/send.json")"
  log INFO "sent: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["id"])' "$WORK/send.json")"
}

ensure_schedule() {
  local marker="# weekly-digest"
  local current
  current="$(crontab -l 2>/dev/null || true)"
  if grep -qF "$marker" <<<"$current"; then
    return 0
  fi
  local keyline=""
  [[ -n "${MAILGUN_API_KEY:-}" ]] && keyline="MAILGUN_API_KEY=${MAILGUN_API_KEY} "
  {
    printf '%s\n' "$current"
    printf '%s cd %q && %s%q >> "$HOME/.cache/weekly-digest.log" 2>&1 %s\n' \
      "$SCHEDULE" "$PWD" "$keyline" "$SELF" "$marker"
  } | sed '/^$/d' | crontab -
  log INFO "registered weekly run ($SCHEDULE)"
}

main() {
  ensure_schedule
  fetch_feed
  render_digest
  send_digest
}

main
