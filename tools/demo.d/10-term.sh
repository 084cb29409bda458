# Sourced by tools/demo: the terminal sessions' part (step() prints and runs).
echo
echo "== term-*: a persistent shell that knows when a command finished"
step term-open --name main
step term-send main 'cd /etc && ls -d host*; (exit 3)'
step term-send main 'read -p "name? " n; echo "hello $n"'
step term-send main 'Ada'
step term-send main 'for i in 1 2 3; do printf "\rprogress %d/3" $i; sleep 0.1; done; echo'
step term-send --wait-ms 300 main 'sleep 30'
step term-signal main SIGINT
step term-send --background main 'for i in 1 2 3; do echo tick $i; sleep 0.2; done'
sleep 1
step term-read --job job-1
step term-read main --tail 4
step term-list
step term-close main
