#!/bin/sh
# canary_endpoint_probe.sh - check that the lab's canary-token callback
# endpoints are alive before an exercise starts.
#
# Reads "name url expected_status" rows from ./canaries.conf, sends a HEAD
# request to each URL and writes a status table to ./canary-status.tsv.
# Exit status is the number of endpoints that did not answer as expected.

CONF="${1:-./canaries.conf}"
OUT="./canary-status.tsv"
TIMEOUT="${PROBE_TIMEOUT:-10}"
RETRIES="${PROBE_RETRIES:-2}"

say() {
    printf '[probe] %s\n' "$*"
}

have() {
    command -v "$1" >/dev/null 2>&1
}

head_status() {
    # prints the HTTP status code of a HEAD request, or 000 on failure
    url="$1"
    if have curl; then
        curl -s -o /dev/null -I --max-time "$TIMEOUT" -w '%{http_code}' "$url" 2>/dev/null || printf '000'
    elif have wget; then
        wget --spider -S -T "$TIMEOUT" -t 1 "$url" 2>&1 \
            | awk '/^  HTTP\// { code = $2 } END { print (code ? code : "000") }'
    else
        printf '000'
    fi
}

probe() {
    name="$1"; url="$2"; want="$3"
    attempt=0
    code=000
    while [ "$attempt" -le "$RETRIES" ]; do
        code=$(head_status "$url")
        [ "$code" = "$want" ] && break
        attempt=$((attempt + 1))
        sleep 1
    done
    if [ "$code" = "$want" ]; then
        state=ok
    else
        state=FAIL
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$url" "$want" "$code" "$state" >> "$OUT"
    say "$name: got $code, expected $want -> $state"
    [ "$state" = ok ]
}

if [ ! -r "$CONF" ]; then
    say "config $CONF not found"
    cat <<'EOF'
Example canaries.conf:
  # name          url                                                  status
  aws-key-token   https://canary.seclab.example.org/t/aws/ping          200
  docx-beacon     https://canary.seclab.example.org/t/docx/ping         204
EOF
    exit 64
fi

printf 'name\turl\texpected\tactual\tstate\n' > "$OUT"
chmod 0600 "$OUT"

failures=0
total=0
while read -r name url want rest; do
    case "$name" in
        ''|'#'*) continue ;;
    esac
    case "$url" in
        https://*|http://*) ;;
        *) say "skipping $name: not an http(s) URL"; continue ;;
    esac
    [ -n "$want" ] || want=200
    total=$((total + 1))
    probe "$name" "$url" "$want" || failures=$((failures + 1))
done < "$CONF"

say "$total endpoints checked, $failures failing; table in $OUT"
exit "$failures"
