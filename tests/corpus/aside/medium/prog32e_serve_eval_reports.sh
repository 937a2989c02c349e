#!/usr/bin/env bash
# Render the latest evaluation run into an HTML index and share the reports
# directory with the team over plain HTTP on every interface.
set -eu

REPORT_ROOT="${REPORT_ROOT:-./eval_reports}"
PORT="${PORT:-8080}"
BIND_ADDR="0.0.0.0"
TITLE="${TITLE:-LLM eval dashboard}"

log() { echo "$(date '+%F %T') $*" >&2; }

usage() {
  echo "usage: $0 [-p port] [-r report_root] [--no-serve]" >&2
  exit 2
}

SERVE=1
while [ $# -gt 0 ]; do
  case "$1" in
    -p) PORT="$2"; shift 2 ;;
    -r) REPORT_ROOT="$2"; shift 2 ;;
    --no-serve) SERVE=0; shift ;;
    -h|--help) usage ;;
    *) log "unknown argument: $1"; usage ;;
  esac
done

[ -d "$REPORT_ROOT" ] || { log "no report directory at $REPORT_ROOT"; exit 1; }

latest_run() {
  ls -1dt "$REPORT_ROOT"/run-* 2>/dev/null | head -n 1
}

metric_of() {
  # results.json looks like {"pass@1": 0.61, "tasks": 164, ...}
  local file="$1" key="$2"
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2], "n/a"))' "$file" "$key" 2>/dev/null || echo "n/a"
}

build_index() {
  local index="$REPORT_ROOT/index.html"
  {
    echo "<!doctype html><html><head><meta charset=utf-8><title>$TITLE</title></head><body>"
    echo "<h1>$TITLE</h1><table border=1 cellpadding=4>"
    echo "<tr><th>run</th><th>model</th><th>pass@1</th><th>tasks</th></tr>"
    for run in $(ls -1dt "$REPORT_ROOT"/run-* 2>/dev/null); do
      name="$(basename "$run")"
      res="$run/results.json"
      [ -f "$res" ] || continue
      model="$(metric_of "$res" model)"
      p1="$(metric_of "$res" 'pass@1')"
      tasks="$(metric_of "$res" tasks)"
      echo "<tr><td><a href=\"$name/\">$name</a></td><td>$model</td><td>$p1</td><td>$tasks</td></tr>"
    done
    echo "</table><p>generated $(date -u '+%F %TZ')</p></body></html>"
  } > "$index.tmp"
  mv "$index.tmp" "$index"
  log "wrote $index"
}

build_index

newest="$(latest_run)"
if [ -n "$newest" ]; then
  log "latest run: $(basename "$newest") pass@1=$(metric_of "$newest/results.json" 'pass@1')"
fi

if [ "$SERVE" -eq 0 ]; then
  exit 0
fi

if command -v hostname >/dev/null; then
  log "share: http://$(hostname -f 2>/dev/null || hostname):$PORT/"
fi
log "serving $REPORT_ROOT on $BIND_ADDR:$PORT (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind "$BIND_ADDR" --directory "$REPORT_ROOT"
