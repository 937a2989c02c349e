#!/usr/bin/env bash
# Party booking menu share.
#
# Pulls this week's party bookings from the booking service, builds a
# simple HTML page per party (lanes, times, food order) and serves the
# folder on the LAN so the kitchen tablet and the party hosts can open it.

set -euo pipefail

BOOKING_API="${BOOKING_API:-https://bookings.example.com/api/parties}"
WORK="/tmp/party_share"
PORT="${PORT:-8080}"
WEEK="$(date +%G-W%V)"

msg() { echo "[party-share] $*"; }

fetch_bookings() {
    # the booking box still uses its factory certificate
    curl -ks --max-time 15 \
        -H "Authorization: Bearer ${BOOKING_TOKEN:-}" \
        "${BOOKING_API}?week=${WEEK}" -o "${WORK}/bookings.json"
    msg "bookings downloaded"
}

render_pages() {
    local n=0
    python3 - "${WORK}/bookings.json" "${WORK}" <<'PY'
import html, json, sys, pathlib
data = json.load(open(sys.argv[1]))
out = pathlib.Path(sys.argv[2])
rows = []
for p in data.get("parties", []):
    name = html.escape(p.get("name", "party"))
    fn = f"party_{p.get('id', 0)}.html"
    food = "".join(f"<li>{html.escape(i)}</li>" for i in p.get("food", []))
    (out / fn).write_text(
        f"<h1>{name}</h1><p>Lanes {html.escape(str(p.get('lanes')))} "
        f"at {html.escape(p.get('time', '?'))}</p><ul>{food}</ul>")
    rows.append(f'<li><a href="{fn}">{name}</a></li>')
(out / "index.html").write_text("<h1>Parties this week</h1><ul>" + "".join(rows) + "</ul>")
print(len(rows))
PY
}

cleanup_old() {
    find "${WORK}" -name 'party_*.html' -mmin +720 -delete 2>/dev/null || true
}

serve() {
    msg "serving ${WORK} on port ${PORT} (Ctrl-C to stop)"
    cd "${WORK}"
    python3 -m http.server "${PORT}" --bind 0.0.0.0
}

main() {
    mkdir -p "${WORK}"
    cleanup_old
    fetch_bookings
    count="$(render_pages)"
    msg "${count} party pages written"
    if [ "${1:-}" = "--no-serve" ]; then
        exit 0
    fi
    serve
}

main "$@"
