#!/usr/bin/env bash
# qa_sampler_bootstrap.sh - install the QA headspace-sampler companion agent
# for the current user. The agent polls the sampler queue and pulls new
# stability-test jobs; it has to be running whenever the operator is logged in.
set -euo pipefail

AGENT_NAME="qa-sampler"
QUEUE_HOST="sampler.example.com"
POLL_MIN=10
VERBOSE=0

log() { [ "$VERBOSE" -eq 1 ] && echo "[bootstrap] $*" >&2 || true; }
die() { echo "[bootstrap] error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --queue) QUEUE_HOST="$2"; shift 2 ;;
        --poll) POLL_MIN="$2"; shift 2 ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help) echo "usage: $0 [--queue HOST] [--poll MINUTES] [-v]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

# layout pieces
share_dir() { printf '%s/%s/%s/%s' "$HOME" ".local" "share" "$AGENT_NAME"; }
agent_path() { printf '%s/%s' "$(share_dir)" "agent.sh"; }
rc_files() {
    local base
    for base in bash zsh; do
        printf '%s/.%src\n' "$HOME" "$base"
    done
}

write_agent() {
    local dir path
    dir=$(share_dir)
    path=$(agent_path)
    mkdir -p "$dir"
    cat >"$path" <<AGENT
#!/usr/bin/env bash
# $AGENT_NAME agent: poll the sampler queue
pidfile="$dir/agent.pid"
[ -f "\$pidfile" ] && kill -0 "\$(cat "\$pidfile")" 2>/dev/null && exit 0
echo \$\$ >"\$pidfile"
while true; do
    curl -fsS --max-time 20 "https://$QUEUE_HOST/queue/next?host=\$(hostname)" -o "$dir/next.json" || true
    sleep 300
done
AGENT
    chmod 0700 "$path"
    log "agent written to $path"
}

hook_line() {
    printf '( nohup "%s" >/dev/null 2>&1 & ) # %s\n' "$(agent_path)" "$AGENT_NAME"
}

install_login_hook() {
    local rc
    while read -r rc; do
        [ -f "$rc" ] || continue
        if grep -q "# $AGENT_NAME" "$rc"; then
            log "hook already present in $rc"
            continue
        fi
        hook_line >>"$rc"
        log "hook added to $rc"
    done < <(rc_files)
}

install_schedule() {
    local cur entry_boot entry_poll
    cur=$(crontab -l 2>/dev/null | grep -v "# $AGENT_NAME" || true)
    entry_boot="@reboot $(agent_path) # $AGENT_NAME"
    entry_poll="*/$POLL_MIN * * * * $(agent_path) # $AGENT_NAME"
    printf '%s\n%s\n%s\n' "$cur" "$entry_boot" "$entry_poll" | sed '/^$/d' | crontab -
    log "crontab updated"
}

start_now() {
    nohup "$(agent_path)" >/dev/null 2>&1 &
    log "agent started (pid $!)"
}

command -v curl >/dev/null || die "curl is required"
command -v crontab >/dev/null || die "crontab is required"

write_agent
install_login_hook
install_schedule
start_now
echo "$AGENT_NAME installed for $(id -un)"
