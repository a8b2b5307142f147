//! Module-level items: imports, decorators, `def` and `class`.

use super::Parser;
use crate::script::ast::{ClassDef, Expr, FuncDef, Ident, ImportName, Param, Stmt, StmtKind};
use crate::script::error::{ParseError, Result};
use crate::script::lexer::{Keyword, Tok};

impl Parser<'_> {
    pub(super) fn dotted_path(&mut self, context: &str) -> Result<Vec<Ident>> {
        let mut path = vec![self.expect_name(context)?];
        while self.eat_op(".") {
            path.push(self.expect_name(context)?);
        }
        Ok(path)
    }

    pub(super) fn alias(&mut self) -> Result<Option<Ident>> {
        if self.eat_kw(Keyword::As) {
            Ok(Some(self.expect_name("after `as`")?))
        } else {
            Ok(None)
        }
    }

    pub(super) fn import(&mut self) -> Result<Stmt> {
        let start = self.bump();
        let mut names = Vec::new();
        loop {
            let path = self.dotted_path("after `import`")?;
            let alias = self.alias()?;
            names.push(ImportName { path, alias });
            if !self.eat_op(",") {
                break;
            }
        }
        Ok(Stmt {
            kind: StmtKind::Import(names),
            span: start.join(self.prev_span_end()),
        })
    }

    pub(super) fn import_from(&mut self) -> Result<Stmt> {
        let start = self.bump();
        let module = self.dotted_path("after `from`")?;
        if !self.eat_kw(Keyword::Import) {
            return Err(self.unexpected(&["`import`"], "after the module name"));
        }
        let parens = self.eat_op("(");
        let mut names = Vec::new();
        loop {
            let name = self.expect_name("in the import list")?;
            let alias = self.alias()?;
            names.push(ImportName {
                path: vec![name],
                alias,
            });
            if !self.eat_op(",") || (parens && self.is_op(")")) {
                break;
            }
        }
        if parens {
            self.expect_op(")", "to close the import list")?;
        }
        Ok(Stmt {
            kind: StmtKind::FromImport { module, names },
            span: start.join(self.prev_span_end()),
        })
    }

    /// The indented block after a `:` (or statements on the same line).
    pub(super) fn decorated(&mut self) -> Result<Stmt> {
        let mut decorators = Vec::new();
        while self.eat_op("@") {
            decorators.push(self.expr()?);
            if !matches!(self.peek(), Tok::Newline) {
                return Err(self.unexpected(&["end of line"], "after the decorator"));
            }
            self.bump();
        }
        match self.peek() {
            Tok::Keyword(Keyword::Def) => self.func_def(decorators),
            Tok::Keyword(Keyword::Class) => self.class_def(decorators),
            _ => Err(self.unexpected(&["`def`", "`class`"], "after the decorators")),
        }
    }

    pub(super) fn func_def(&mut self, decorators: Vec<Expr>) -> Result<Stmt> {
        let start = self.bump();
        let name = self.expect_name("after `def`")?;
        self.expect_op("(", "after the function name")?;
        let mut params = Vec::new();
        while !self.is_op(")") {
            if self.is_op("*") || self.is_op("**") || self.is_op("/") {
                return Err(ParseError::syntax(
                    self.span(),
                    "`*`, `**` and `/` parameters are not supported",
                )
                .with_label("not supported"));
            }
            let pname = self.expect_name("in the parameter list")?;
            let ann = if self.eat_op(":") {
                Some(self.expr()?)
            } else {
                None
            };
            let default = if self.eat_op("=") {
                Some(self.expr()?)
            } else {
                None
            };
            params.push(Param {
                name: pname,
                ann,
                default,
            });
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op(")", "to close the parameter list")?;
        let ret = if self.eat_op("->") {
            Some(self.expr()?)
        } else {
            None
        };
        self.expect_op(":", "after the function signature")?;
        let body = self.suite("after the function signature")?;
        Ok(Stmt {
            kind: StmtKind::FuncDef(Box::new(FuncDef {
                decorators,
                name,
                params,
                ret,
                body,
            })),
            span: start.join(self.prev_span_end()),
        })
    }

    pub(super) fn class_def(&mut self, decorators: Vec<Expr>) -> Result<Stmt> {
        let start = self.span();
        self.bump();
        let name = self.expect_name("after `class`")?;
        let mut bases = Vec::new();
        if self.eat_op("(") {
            while !self.is_op(")") {
                bases.push(self.expr()?);
                if !self.eat_op(",") {
                    break;
                }
            }
            self.expect_op(")", "to close the base list")?;
        }
        self.expect_op(":", "after the class name")?;
        let body = self.suite("after the class header")?;
        Ok(Stmt {
            kind: StmtKind::ClassDef(Box::new(ClassDef {
                decorators,
                name,
                bases,
                body,
            })),
            span: start.join(self.prev_span_end()),
        })
    }
}
