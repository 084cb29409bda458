// Unit tests of the setup reader: the file's checks, the environment's, the order they win
// in, and where each setting says it came from. The environment is a fake map.
#include "config/config.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace oda::config {
namespace {

struct FakeEnv {
  std::map<std::string, std::string> vars;
  Getenv get() const {
    return [this](const char* n) -> const char* {
      auto it = vars.find(n);
      return it == vars.end() ? nullptr : it->second.c_str();
    };
  }
};

TEST(ConfigTest, EveryKeyStartsAtItsDefault) {
  Config c;
  EXPECT_EQ(c.integer("run_code.max_timeout_ms"), 600000);
  EXPECT_TRUE(c.flag("run_code.honours_timeout_ms"));
  EXPECT_FALSE(c.flag("run_code.allow_no_deadline"));
  EXPECT_EQ(c.text("run_code.sandbox"), "workspace-write");
  EXPECT_EQ(c.integer("terminal.max_bytes"), 262144);
  EXPECT_EQ(c.text("terminal.type"), "shell");
  for (const Key& k : keys()) EXPECT_EQ(c.get(k.name).source, Source::Default) << k.name;
}

TEST(ConfigTest, TheFileIsFoundByOdaConfigThenXdgThenHome) {
  bool required = false;
  FakeEnv env{{{"HOME", "/h"}}};
  EXPECT_EQ(config_path(env.get(), &required), "/h/.config/oda/config.json");
  EXPECT_FALSE(required);
  env.vars["XDG_CONFIG_HOME"] = "/x";
  EXPECT_EQ(config_path(env.get(), &required), "/x/oda/config.json");
  env.vars["ODA_CONFIG"] = "/etc/oda.json";
  EXPECT_EQ(config_path(env.get(), &required), "/etc/oda.json");
  EXPECT_TRUE(required);
}

TEST(ConfigTest, TheEnvironmentWinsOverTheFileAndAnOptionOverBoth) {
  Config c;
  std::string err;
  ASSERT_TRUE(c.apply_file("/f.json", R"({"terminal": {"max_bytes": 1000, "cols": 100}})", &err)) << err;
  FakeEnv env{{{"ODA_TERM_MAX_BYTES", "2000"}}};
  ASSERT_TRUE(c.apply_env(env.get(), &err)) << err;
  EXPECT_EQ(c.integer("terminal.max_bytes"), 2000);
  EXPECT_EQ(c.get("terminal.max_bytes").source, Source::Environment);
  EXPECT_EQ(c.get("terminal.max_bytes").origin, "ODA_TERM_MAX_BYTES");
  EXPECT_EQ(c.integer("terminal.cols"), 100);
  EXPECT_EQ(c.get("terminal.cols").source, Source::File);
  ASSERT_TRUE(c.apply_option("terminal.max_bytes", json::Value(int64_t{3000}), "--max-bytes", &err)) << err;
  EXPECT_EQ(c.integer("terminal.max_bytes"), 3000);
  EXPECT_EQ(c.get("terminal.max_bytes").source, Source::Option);
  EXPECT_EQ(c.file(), "/f.json");
}

TEST(ConfigTest, AnUnknownKeyIsRefusedWithTheFileAndAHint) {
  Config c;
  std::string err;
  EXPECT_FALSE(c.apply_file("/f.json", R"({"terminal": {"max_byte": 1000}})", &err));
  EXPECT_EQ(err, "config file '/f.json': unknown key 'terminal.max_byte' (did you mean 'terminal.max_bytes'?)");
  EXPECT_FALSE(c.apply_file("/f.json", R"({"colour": "red"})", &err));
  EXPECT_EQ(err, "config file '/f.json': unknown key 'colour'");
  EXPECT_FALSE(c.apply_file("/f.json", R"({"terminal": 3})", &err));
  EXPECT_EQ(err, "config file '/f.json': section 'terminal': expected an object of keys");
}

TEST(ConfigTest, AWrongTypeIsRefusedWithTheKeyAndTheReason) {
  Config c;
  std::string err;
  EXPECT_FALSE(c.apply_file("/f.json", R"({"terminal": {"background_sends": "no"}})", &err));
  EXPECT_EQ(err, "config file '/f.json': key 'terminal.background_sends': expected true or false, got \"no\"");
  EXPECT_FALSE(c.apply_file("/f.json", R"({"terminal": {"max_bytes": 63}})", &err));
  EXPECT_EQ(err, "config file '/f.json': key 'terminal.max_bytes': expected a whole number from 64 to 67108864, got 63");
  EXPECT_FALSE(c.apply_file("/f.json", R"({"run_code": {"sandbox": "open"}})", &err));
  EXPECT_EQ(err,
            "config file '/f.json': key 'run_code.sandbox': expected one of read-only, workspace-write, "
            "danger-full-access, got \"open\"");
  EXPECT_FALSE(c.apply_file("/f.json", "[1]", &err));
  EXPECT_EQ(err, "config file '/f.json': expected a JSON object of sections (run_code, terminal)");
  EXPECT_FALSE(c.apply_file("/f.json", "{", &err));
  EXPECT_EQ(err.rfind("config file '/f.json': malformed JSON: ", 0), 0u) << err;
  // Nothing of a refused file is in force.
  EXPECT_EQ(c.get("terminal.max_bytes").source, Source::Default);
}

TEST(ConfigTest, EnvironmentValuesReadAsTheirType) {
  Config c;
  std::string err;
  FakeEnv env{{{"ODA_CODE_MODE", "1"}, {"ODA_BACKGROUND_SENDS", "false"}, {"ODA_SANDBOX", "read-only"}}};
  ASSERT_TRUE(c.apply_env(env.get(), &err)) << err;
  EXPECT_TRUE(c.flag("run_code.code_mode"));
  EXPECT_FALSE(c.flag("terminal.background_sends"));
  EXPECT_EQ(c.text("run_code.sandbox"), "read-only");
  FakeEnv bad{{{"ODA_MAX_TIMEOUT_MS", "soon"}}};
  EXPECT_FALSE(c.apply_env(bad.get(), &err));
  EXPECT_EQ(err,
            "environment variable ODA_MAX_TIMEOUT_MS (key 'run_code.max_timeout_ms'): expected a whole number "
            "from 1 to 600000, got 'soon'");
}

TEST(ConfigTest, AnOptionOutOfRangeIsRefused) {
  Config c;
  std::string err;
  EXPECT_FALSE(c.apply_option("run_code.profile", json::Value("voice"), "--profile", &err));
  EXPECT_EQ(err, "invalid --profile 'voice': expected one of none, code-function");
}

TEST(ConfigTest, ShowSaysWhereEachSettingCameFrom) {
  Config c;
  std::string err;
  ASSERT_TRUE(c.apply_file("/f.json", R"({"run_code": {"max_timeout_ms": 60000}})", &err));
  FakeEnv env{{{"ODA_TERM_COLS", "120"}}};
  ASSERT_TRUE(c.apply_env(env.get(), &err));
  std::string text = c.show_text();
  EXPECT_NE(text.find("run_code.max_timeout_ms = 60000  (file /f.json)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("terminal.cols = 120  (environment ODA_TERM_COLS)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("terminal.type = shell  (default)\n"), std::string::npos) << text;
  json::Value j = c.show_json();
  EXPECT_EQ(j.get_or("file", ""), "/f.json");
  const json::Value* cols = j.get("settings")->get("terminal.cols");
  ASSERT_TRUE(cols);
  EXPECT_EQ(cols->get_or("source", ""), "environment");
  EXPECT_EQ(cols->get_or<int64_t>("value", 0), 120);
}

}  // namespace
}  // namespace oda::config
