// The nesting limit: see nesting.h.
#include "js/nesting.h"

#include <utility>
#include <vector>

namespace oda::js {

std::string nesting_message() {
  return "SyntaxError: program nests deeper than " + std::to_string(kMaxNesting) + " levels";
}

bool chain_link(const Node* n) {
  switch (n->k) {
    case K::Binary:
      // Not ** (Math.pow(a, b) around its operands) nor ?? (a conditional): they nest in the
      // ES5. Nor && and ||, which Duktape's compiler parses by recursion, so a long chain of
      // them would overflow its own recursion limit.
      return n->s != "**" && n->s != "??" && n->s != "&&" && n->s != "||" && n->a[0]->k != K::PrivateName;
    case K::Dot:
      // (Not o.#x either: its checks need the lowering's member().)
      return !n->has(F_OPTIONAL) && n->a[0]->k != K::Super && n->a[0]->k != K::Num &&
             (n->has(F_COMPUTED) || n->a[1]->k != K::PrivateName);
    case K::Call: {
      if (n->has(F_OPTIONAL)) return false;
      for (size_t i = 1; i < n->a.size(); i++)
        if (n->a[i]->k == K::Spread) return false;
      // A callee that is a call or a plain member: never super, eval, an Error constructor
      // or a parenthesized optional chain, which the printer handles on their own.
      const Node* c = n->a[0];
      return c->k == K::Call || (c->k == K::Dot && c->a[0]->k != K::Super);
    }
    default:
      return false;
  }
}

bool nesting_ok(const Node* program, int* line) {
  std::vector<std::pair<const Node*, int>> todo{{program, 0}};
  while (!todo.empty()) {
    auto [n, depth] = todo.back();
    todo.pop_back();
    if (depth > kMaxNesting) {
      *line = n->line;
      return false;
    }
    bool link = chain_link(n);
    // Children in reverse, so the first to go too deep is the first in the source.
    for (size_t i = n->a.size(); i-- > 0;)
      if (n->a[i]) todo.push_back({n->a[i], link && i == 0 ? depth : depth + 1});
  }
  return true;
}

}  // namespace oda::js
