// Folders: made with every missing parent, private to the user.
#pragma once

#include <string>

namespace oda::sys {

// mkdir -p with mode 0700 for each folder it makes; false with *err ("cannot create
// 'PATH': reason") when one cannot be made.
bool make_dirs(const std::string& path, std::string* err);

}  // namespace oda::sys
