CREATE TABLE "workbench_mark" (
	"user_id" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"row_id" bigint NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workbench_mark_user_id_kind_row_id_pk" PRIMARY KEY("user_id","kind","row_id")
);
