// Scope and Variable: lookups through parents, local creation, unique increasing ids, and
// typed errors when a variable is used as the wrong kind.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/framework/scope.h"

namespace paddle {
namespace framework {
namespace {

TEST(Scope, LookupGoesThroughParents) {
  Scope root;
  Variable* w = root.Var("w");
  Scope& kid = root.NewScope();
  Scope& grandkid = kid.NewScope();
  EXPECT_EQ(grandkid.FindVar("w"), w);
  EXPECT_EQ(grandkid.FindLocalVar("w"), nullptr);
  EXPECT_EQ(grandkid.parent(), &kid);
  EXPECT_EQ(kid.parent(), &root);
  EXPECT_EQ(root.FindVar("nothing"), nullptr);
  // A standalone scope with a parent sees the parent's variables too.
  Scope standalone(&kid);
  EXPECT_EQ(standalone.FindVar("w"), w);
}

TEST(Scope, VarCreatesLocallyAndShadows) {
  Scope root;
  Variable* outer = root.Var("x");
  Scope& kid = root.NewScope();
  Variable* inner = kid.Var("x");
  EXPECT_NE(inner, outer);  // created in the kid, not returned from the parent
  EXPECT_EQ(kid.FindVar("x"), inner);
  EXPECT_EQ(root.FindVar("x"), outer);
  EXPECT_EQ(kid.Var("x"), inner);  // idempotent
  EXPECT_EQ(root.FindVar("y"), nullptr);
  kid.Var("y");
  EXPECT_EQ(root.FindVar("y"), nullptr);  // never leaks upwards
  EXPECT_EQ(kid.LocalVarNames(), (std::vector<std::string>{"x", "y"}));
  kid.EraseVars({"x"});
  EXPECT_EQ(kid.FindVar("x"), outer);  // the parent's again
}

TEST(Scope, IdsAreUniqueAndIncreasing) {
  Scope a;
  Scope b;
  Scope& c = a.NewScope();
  Scope d(&a);
  EXPECT_LT(a.id(), b.id());
  EXPECT_LT(b.id(), c.id());
  EXPECT_LT(c.id(), d.id());
  uint64_t last = d.id();
  a.DropKids();
  Scope e;  // ids are never reused, even after scopes are dropped
  EXPECT_GT(e.id(), last);
  for (int i = 0; i < 5; ++i) {
    Scope& k = e.NewScope();
    EXPECT_GT(k.id(), last);
    last = k.id();
    e.DeleteScope(&k);
  }
}

TEST(Variable, GetMutableOfAnotherKindThrows) {
  Scope scope;
  Variable* v = scope.Var("v");
  EXPECT_FALSE(v->IsInitialized());
  phi::DenseTensor* t = v->GetMutable<phi::DenseTensor>();
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(v->IsInitialized());
  EXPECT_TRUE(v->IsType<phi::DenseTensor>());
  EXPECT_EQ(v->GetMutable<phi::DenseTensor>(), t);  // same object on the next call
  try {
    v->GetMutable<TensorArray>();
    FAIL() << "no error";
  } catch (const common::InvalidArgumentError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("tensor array"), std::string::npos) << msg;
    EXPECT_NE(msg.find("DenseTensor"), std::string::npos) << msg;
  }
  EXPECT_THROW(v->GetMutable<std::string>(), common::InvalidArgumentError);
  EXPECT_THROW(v->Get<TensorArray>(), common::InvalidArgumentError);
  // Still the tensor after the failed calls.
  EXPECT_TRUE(v->IsType<phi::DenseTensor>());
  v->Clear();
  EXPECT_FALSE(v->IsInitialized());
  EXPECT_NE(v->GetMutable<std::string>(), nullptr);
  EXPECT_THROW(v->Get<phi::DenseTensor>(), common::InvalidArgumentError);
}

}  // namespace
}  // namespace framework
}  // namespace paddle
