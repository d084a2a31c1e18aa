//! Hand-written SQL for both backends: placeholders for the connection's backend (`?` or `$n`)
//! and typed values, for the queries diesel's builder cannot express across both.

use crate::db_connection::DbConnection;
use crate::error::translate;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use oppas_domain::RepositoryError;

/// One bound value.
pub(crate) enum Bind {
    Text(String),
    Int(i64),
    Time(DateTime<Utc>),
    Date(chrono::NaiveDate),
}

/// SQL with placeholders for the connection's backend (`?` or `$n`) and its values.
pub(crate) struct Sql {
    text: String,
    binds: Vec<Bind>,
    numbered: bool,
}

/// Binds every value and runs `$run` on the boxed query of one backend.
macro_rules! with_binds {
    ($sql:expr, $inner:expr, $backend:ty, $run:ident) => {{
        let mut query = diesel::sql_query($sql.text).into_boxed::<$backend>();
        for value in $sql.binds {
            query = match value {
                Bind::Text(text) => query.bind::<Text, _>(text),
                Bind::Int(n) => query.bind::<BigInt, _>(n),
                Bind::Time(at) => query.bind::<Timestamp, _>($crate::repos::instant::to_column(at)),
                Bind::Date(day) => query.bind::<diesel::sql_types::Date, _>(day),
            };
        }
        query.$run($inner).map_err(translate)
    }};
}

impl Sql {
    pub(crate) fn new(conn: &DbConnection) -> Self {
        Self {
            text: String::new(),
            binds: Vec::new(),
            numbered: matches!(conn, DbConnection::Pg(_)),
        }
    }

    pub(crate) fn push(&mut self, sql: &str) -> &mut Self {
        self.text.push_str(sql);
        self
    }

    pub(crate) fn bind(&mut self, value: Bind) -> &mut Self {
        self.binds.push(value);
        if self.numbered {
            self.text.push_str(&format!("${}", self.binds.len()));
        } else {
            self.text.push('?');
        }
        self
    }

    /// `(?, ?, ...)` with one placeholder per value.
    pub(crate) fn bind_list(&mut self, values: impl IntoIterator<Item = Bind>) -> &mut Self {
        self.push("(");
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.bind(value);
        }
        self.push(")")
    }

    pub(crate) fn load<T>(self, conn: &mut DbConnection) -> Result<Vec<T>, RepositoryError>
    where
        T: QueryableByName<diesel::sqlite::Sqlite> + QueryableByName<diesel::pg::Pg> + 'static,
    {
        match conn {
            DbConnection::Sqlite(inner) => with_binds!(self, inner, diesel::sqlite::Sqlite, load),
            DbConnection::Pg(inner) => with_binds!(self, inner, diesel::pg::Pg, load),
        }
    }

    /// Runs a statement; returns the rows it changed.
    pub(crate) fn execute(self, conn: &mut DbConnection) -> Result<usize, RepositoryError> {
        match conn {
            DbConnection::Sqlite(inner) => with_binds!(self, inner, diesel::sqlite::Sqlite, execute),
            DbConnection::Pg(inner) => with_binds!(self, inner, diesel::pg::Pg, execute),
        }
    }
}
