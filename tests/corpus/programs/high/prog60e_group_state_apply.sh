#!/bin/sh
# Apply desired supplementary-group membership from ./groups.d/*.members
# (one file per group, one login per line) on OpenBSD/Alpine hosts that use
# doas instead of sudo. Members not listed are removed from the group.
set -eu

DESIRED_DIR="${DESIRED_DIR:-./groups.d}"
REPORT="./group-apply-$(date +%Y%m%d).log"
APPLY="${APPLY:-yes}"
PRIV="doas"

say() { echo "$*" | tee -a "$REPORT"; }

act() {
    if [ "$APPLY" = "yes" ]; then
        $PRIV "$@"
    else
        say "  (plan) $*"
    fi
}

current_members() {
    getent group "$1" | cut -d: -f4 | tr ',' '\n' | sed '/^$/d' | sort -u
}

desired_members() {
    sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$1" | sort -u
}

ensure_group() {
    if ! getent group "$1" >/dev/null 2>&1; then
        say "group $1 missing: creating"
        act groupadd "$1"
    fi
}

reconcile() {
    group="$1"; file="$2"
    ensure_group "$group"
    want=$(desired_members "$file")
    have=$(current_members "$group" 2>/dev/null || true)

    for u in $want; do
        if ! id "$u" >/dev/null 2>&1; then
            say "  skip $u: no such user"
            continue
        fi
        if ! printf '%s\n' "$have" | grep -qx "$u"; then
            say "  + $u -> $group"
            act gpasswd -a "$u" "$group"
        fi
    done
    for u in $have; do
        if ! printf '%s\n' "$want" | grep -qx "$u"; then
            say "  - $u <- $group"
            act gpasswd -d "$u" "$group"
        fi
    done
}

[ -d "$DESIRED_DIR" ] || { echo "no $DESIRED_DIR directory" >&2; exit 1; }
command -v doas >/dev/null 2>&1 || PRIV="sudo"

say "== group apply $(date) mode=$APPLY via $PRIV =="
count=0
for f in "$DESIRED_DIR"/*.members; do
    [ -e "$f" ] || continue
    g=$(basename "$f" .members)
    case "$g" in
        root|wheel|shadow) say "refusing to manage protected group $g"; continue ;;
    esac
    say "group $g:"
    reconcile "$g" "$f"
    count=$((count + 1))
done
say "== $count groups reconciled =="
