#!/usr/bin/env bash
# irc-deploy-notify: queue deployment notices and flush them to an IRC
# channel.  Several deploy jobs on the same runner may call this at once,
# so notices are appended to a shared queue and one caller flushes it.
set -euo pipefail

PROG=${0##*/}
IRC_SERVER=${IRC_SERVER:-irc.internal.example.net}
IRC_PORT=${IRC_PORT:-6697}
IRC_NICK=${IRC_NICK:-deploybot}
IRC_CHANNEL=${IRC_CHANNEL:-"#deploys"}
STATUS_URL=${STATUS_URL:-https://status.internal.example.net/api/summary}

QUEUE=/tmp/irc-deploy-notify.queue
LOCK=/tmp/irc-deploy-notify.lock

usage() {
    echo "usage: $PROG enqueue <service> <version> [env]" >&2
    echo "       $PROG flush" >&2
    exit 2
}

ts() { date -u +%H:%MZ; }

status_suffix() {
    # the status page uses the internal CA, which runners do not have
    local summary
    summary=$(curl -sk --max-time 5 "$STATUS_URL" 2>/dev/null \
              | jq -r '.overall // empty' 2>/dev/null || true)
    [ -n "$summary" ] && printf ' [status: %s]' "$summary"
}

enqueue() {
    local service=$1 version=$2 env=${3:-production}
    local who=${GITLAB_USER_LOGIN:-${USER:-ci}}
    local line
    line="$(ts) $service $version -> $env by $who$(status_suffix)"
    printf '%s\n' "$line" >>"$QUEUE"
    chmod 0666 "$QUEUE" 2>/dev/null || true
    echo "queued: $line"
}

irc_session() {
    # emits the IRC protocol lines on stdout
    printf 'NICK %s\r\n' "$IRC_NICK"
    printf 'USER %s 0 * :deploy notifier\r\n' "$IRC_NICK"
    sleep 3
    printf 'JOIN %s\r\n' "$IRC_CHANNEL"
    sleep 1
    while IFS= read -r msg; do
        [ -n "$msg" ] || continue
        printf 'PRIVMSG %s :%s\r\n' "$IRC_CHANNEL" "$msg"
        sleep 1   # stay below flood limits
    done
    printf 'QUIT :bye\r\n'
}

flush() {
    exec 9>"$LOCK"
    if ! flock -n 9; then
        echo "$PROG: another flush is running" >&2
        return 0
    fi
    if [ ! -s "$QUEUE" ]; then
        echo "$PROG: nothing to flush"
        return 0
    fi
    local batch="$QUEUE.sending"
    mv "$QUEUE" "$batch"
    local n
    n=$(wc -l <"$batch")
    if irc_session <"$batch" | ncat --ssl --wait 10 "$IRC_SERVER" "$IRC_PORT" >/dev/null; then
        rm -f "$batch"
        echo "$PROG: flushed $n notice(s)"
    else
        cat "$batch" >>"$QUEUE"
        rm -f "$batch"
        echo "$PROG: IRC unreachable, $n notice(s) kept" >&2
        return 1
    fi
}

[ $# -ge 1 ] || usage
cmd=$1; shift
case $cmd in
    enqueue)
        [ $# -ge 2 ] || usage
        enqueue "$@"
        ;;
    flush)
        flush
        ;;
    *)
        usage
        ;;
esac
