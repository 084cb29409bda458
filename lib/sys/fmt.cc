// fmt's compiled half, built once for every part. Each file that formats includes only
// <fmt/core.h> (light); the formatting engine is compiled here from Debian's header-only fmt,
// so no binary loads libfmt.so (which would bring libstdc++.so, and its start-up cost, along).
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
// What core.h's fmt::format reaches and format-inl.h leaves as templates.
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl<char>(locale_ref) -> char;
template void vformat_to<char>(buffer<char>&, string_view, basic_format_args<FMT_BUFFER_CONTEXT(char)>, locale_ref);
}  // namespace detail
FMT_END_NAMESPACE
