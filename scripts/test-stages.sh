# SPDX-License-Identifier: MIT
# Sourced by scripts/test: the stages' clock, and the busy processes of
# --under-load.
#
#   stage NAME      closes the running stage (its time and the load average)
#                   and opens the next
#   finish          closes the last stage and prints every stage's time
#   start_load N    starts N busy processes (stress-ng's CPU workers when
#                   installed, else shell loops) that end with the script,
#                   however it ends

xq_stage_names=()
xq_stage_secs=()
xq_stage_name=""
xq_stage_start=0
xq_run_start=$(date +%s)

xq_loadavg() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }

stage() {
    local now
    now=$(date +%s)
    if [ -n "$xq_stage_name" ]; then
        xq_stage_names+=("$xq_stage_name")
        xq_stage_secs+=($((now - xq_stage_start)))
        printf '=== %s: %d s (load %s)\n' "$xq_stage_name" $((now - xq_stage_start)) "$(xq_loadavg)"
    fi
    xq_stage_name=$*
    xq_stage_start=$now
    [ -n "$xq_stage_name" ] &&
        printf '\n=== %s (at %d s, load %s)\n' "$xq_stage_name" $((now - xq_run_start)) "$(xq_loadavg)"
    return 0
}

finish() {
    local i
    stage ""
    printf '\n=== stage times\n'
    for i in "${!xq_stage_names[@]}"; do
        printf '  %6d s  %s\n' "${xq_stage_secs[$i]}" "${xq_stage_names[$i]}"
    done
    printf '  %6d s  in all%s\n' $(($(date +%s) - xq_run_start)) \
        "$([ "${under_load:-0}" -gt 0 ] && echo ", with $under_load busy processes beside")"
    printf '=== all tests passed\n'
}

xq_load_pids=()
stop_load() {
    [ ${#xq_load_pids[@]} -eq 0 ] && return 0
    kill "${xq_load_pids[@]}" 2>/dev/null || true
    wait "${xq_load_pids[@]}" 2>/dev/null || true
    xq_load_pids=()
}

start_load() { # N
    local n=$1 i
    trap 'stop_load' EXIT
    trap 'stop_load; exit 130' INT
    trap 'stop_load; exit 143' TERM
    if command -v stress-ng >/dev/null 2>&1; then
        # --timeout 0: run until killed; stress-ng stops its workers on SIGTERM.
        stress-ng --cpu "$n" --timeout 0 --quiet &
        xq_load_pids+=($!)
    else
        for ((i = 0; i < n; i++)); do
            sh -c 'while :; do :; done' &
            xq_load_pids+=($!)
        done
    fi
    printf '  %d busy processes beside the suite (%s)\n' "$n" \
        "$(command -v stress-ng >/dev/null 2>&1 && echo stress-ng || echo shell loops)"
}
