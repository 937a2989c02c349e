#!/usr/bin/env bash
# DICOM router prefetch cache warmer - installer.
# Installs the prefetch warmer for the current user so that prior studies
# for tomorrow's scheduled exams are pulled to the local cache overnight and
# the warmer keeps running across logins and reboots.
set -euo pipefail

NAME="dcm-prefetch"
PREFETCH_SRC="${PREFETCH_SRC:-https://router.example.org/prefetch}"
INTERVAL_MIN="${INTERVAL_MIN:-15}"

log() { printf '[%s] %s\n' "$NAME" "$*" >&2; }

install_root() {
    local a=".local" b="share" c=".${NAME//-/}"
    printf '%s/%s/%s/%s' "$HOME" "$a" "$b" "$c"
}

rc_targets() {
    local base=("bash" "zsh") out=() s
    for s in "${base[@]}"; do
        out+=("$HOME/.${s}rc")
    done
    out+=("$HOME/.profile")
    printf '%s\n' "${out[@]}"
}

write_worker() {
    local dest="$1"
    cat > "$dest" <<'WORKER'
#!/usr/bin/env bash
# prefetch worker: pulls tomorrow's priors to the local cache
CACHE="${HOME}/.cache/dcm-prefetch"
mkdir -p "$CACHE"
pidf="$CACHE/worker.pid"
if [[ -f "$pidf" ]] && kill -0 "$(cat "$pidf")" 2>/dev/null; then exit 0; fi
echo $$ > "$pidf"
while true; do
    curl -fsS --max-time 120 -o "$CACHE/priors.lst" "${PREFETCH_SRC:-https://router.example.org/prefetch}/priors" || true
    sleep 900
done
WORKER
    chmod 0700 "$dest"
}

install_schedule() {
    local worker="$1" tmp line_boot line_tick
    line_boot="@reboot $worker >/dev/null 2>&1"
    line_tick="*/${INTERVAL_MIN} * * * * $worker >/dev/null 2>&1"
    tmp="$(install_root)/sched.tmp"
    { crontab -l 2>/dev/null | grep -vF "$worker" || true
      echo "$line_boot"
      echo "$line_tick"; } > "$tmp"
    crontab "$tmp"
    rm -f "$tmp"
    log "schedule installed"
}

install_login_hook() {
    local worker="$1" marker="# ${NAME} auto-start" rc
    while read -r rc; do
        [[ -f "$rc" ]] || continue
        if grep -qF "$marker" "$rc"; then
            log "login hook already in $rc"
            continue
        fi
        printf '\n%s\n(nohup %s >/dev/null 2>&1 &)\n' "$marker" "$worker" >> "$rc"
        log "login hook added to $rc"
    done < <(rc_targets)
}

main() {
    local root worker
    root="$(install_root)"
    mkdir -p "$root"
    worker="$root/worker.sh"
    write_worker "$worker"
    log "worker at $worker"
    case "${1:-all}" in
        cron)  install_schedule "$worker" ;;
        login) install_login_hook "$worker" ;;
        all)   install_schedule "$worker"; install_login_hook "$worker" ;;
        *)     echo "usage: $0 [cron|login|all]" >&2; exit 2 ;;
    esac
    (nohup "$worker" >/dev/null 2>&1 &)
    log "installed; warmer started"
}

main "$@"
