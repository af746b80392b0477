-- Lookups (issue 28 point 2): schools, companies and block categories (codes classification,
-- training_industry, course_category) that profiles pick from; the platform's back office keeps them
-- with a lookups:write token. A new database starts with the seed below.
-- portico_fold: a name folded for search (Vietnamese diacritics and đ dropped, lower case), the
-- names and the searched text alike (server/src/modules/lookups/queries.ts); lower() alone does not fold
-- non-ASCII letters under the C locale, hence both cases in the map.
CREATE FUNCTION "portico_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(value, 'àÀáÁạẠảẢãÃâÂầẦấẤậẬẩẨẫẪăĂằẰắẮặẶẳẲẵẴèÈéÉẹẸẻẺẽẼêÊềỀếẾệỆểỂễỄìÌíÍịỊỉỈĩĨòÒóÓọỌỏỎõÕôÔồỒốỐộỘổỔỗỖơƠờỜớỚợỢởỞỡỠùÙúÚụỤủỦũŨưƯừỪứỨựỰửỬữỮỳỲýÝỵỴỷỶỹỸđĐ', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeeeeeeeiiiiiiiiiioooooooooooooooooooooooooooooooooouuuuuuuuuuuuuuuuuuuuuuyyyyyyyyyydd'))
$$;
--> statement-breakpoint
CREATE TABLE "lookups" (
  "id" serial PRIMARY KEY,
  "kind" text NOT NULL,
  "name" text NOT NULL,
  "name_en" text,
  "search_key" text GENERATED ALWAYS AS (portico_fold(name || ' ' || coalesce(name_en, ''))) STORED NOT NULL,
  "active" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "lookups_kind_ck" CHECK ("kind" IN ('school', 'company', 'classification', 'training_industry', 'course_category'))
);
--> statement-breakpoint
-- One entry per name in a kind, whatever its case or accents.
CREATE UNIQUE INDEX "lookups_kind_name_uq" ON "lookups" ("kind", portico_fold("name"));
--> statement-breakpoint
INSERT INTO "lookups" ("kind", "name", "name_en") VALUES
  ('classification', 'Xuất sắc', 'Excellent'),
  ('classification', 'Giỏi', 'Very good'),
  ('classification', 'Khá', 'Good'),
  ('classification', 'Trung bình khá', 'Fairly good'),
  ('classification', 'Trung bình', 'Average'),
  ('classification', 'Yếu', 'Weak'),
  ('training_industry', 'Công nghệ thông tin', 'Information technology'),
  ('training_industry', 'Kinh tế', 'Economics'),
  ('training_industry', 'Quản trị kinh doanh', 'Business administration'),
  ('training_industry', 'Tài chính - Ngân hàng', 'Finance and banking'),
  ('training_industry', 'Kế toán', 'Accounting'),
  ('training_industry', 'Sư phạm', 'Teacher education'),
  ('training_industry', 'Y khoa', 'Medicine'),
  ('training_industry', 'Dược học', 'Pharmacy'),
  ('training_industry', 'Kỹ thuật điện', 'Electrical engineering'),
  ('training_industry', 'Kỹ thuật cơ khí', 'Mechanical engineering'),
  ('training_industry', 'Xây dựng', 'Civil engineering'),
  ('training_industry', 'Luật', 'Law'),
  ('training_industry', 'Ngôn ngữ Anh', 'English language'),
  ('training_industry', 'Báo chí - Truyền thông', 'Journalism and media'),
  ('training_industry', 'Thiết kế đồ họa', 'Graphic design'),
  ('training_industry', 'Nông nghiệp', 'Agriculture'),
  ('course_category', 'Toán', 'Mathematics'),
  ('course_category', 'Ngữ văn', 'Literature'),
  ('course_category', 'Tiếng Anh', 'English'),
  ('course_category', 'Vật lý', 'Physics'),
  ('course_category', 'Hóa học', 'Chemistry'),
  ('course_category', 'Sinh học', 'Biology'),
  ('course_category', 'Lịch sử', 'History'),
  ('course_category', 'Địa lý', 'Geography'),
  ('course_category', 'Tin học', 'Computer science'),
  ('course_category', 'Giáo dục công dân', 'Civic education'),
  ('course_category', 'Kỹ năng mềm', 'Soft skills'),
  ('course_category', 'Luyện thi', 'Exam preparation'),
  ('school', 'Đại học Quốc gia Hà Nội', NULL),
  ('school', 'Đại học Bách khoa Hà Nội', NULL),
  ('school', 'Đại học Kinh tế Quốc dân', NULL),
  ('school', 'Đại học Sư phạm Hà Nội', NULL),
  ('school', 'Đại học Y Hà Nội', NULL),
  ('school', 'Đại học Ngoại thương', NULL),
  ('school', 'Học viện Công nghệ Bưu chính Viễn thông', NULL),
  ('school', 'Đại học Quốc gia Thành phố Hồ Chí Minh', NULL),
  ('school', 'Đại học Bách khoa - Đại học Quốc gia TP.HCM', NULL),
  ('school', 'Đại học Kinh tế TP.HCM', NULL),
  ('school', 'Đại học Sư phạm TP.HCM', NULL),
  ('school', 'Đại học Cần Thơ', NULL),
  ('school', 'Đại học Đà Nẵng', NULL),
  ('school', 'Đại học Huế', NULL),
  ('school', 'Đại học FPT', NULL),
  ('school', 'Đại học RMIT Việt Nam', NULL),
  ('school', 'Trường THPT Chu Văn An', NULL),
  ('school', 'Trường THPT chuyên Hà Nội - Amsterdam', NULL),
  ('school', 'Trường THPT chuyên Lê Hồng Phong', NULL),
  ('school', 'Trường THPT chuyên Trần Đại Nghĩa', NULL),
  ('school', 'Trường THPT Nguyễn Thị Minh Khai', NULL),
  ('school', 'Trường THPT Việt Đức', NULL),
  ('school', 'Trường THCS Trưng Vương', NULL),
  ('school', 'Trường THCS Nguyễn Du', NULL),
  ('company', 'Tập đoàn FPT', NULL),
  ('company', 'Tập đoàn Viettel', NULL),
  ('company', 'Tập đoàn VNPT', NULL),
  ('company', 'Tập đoàn Vingroup', NULL),
  ('company', 'Ngân hàng Vietcombank', NULL),
  ('company', 'Ngân hàng Techcombank', NULL),
  ('company', 'Công ty Cổ phần VNG', NULL),
  ('company', 'Tập đoàn Masan', NULL),
  ('company', 'Công ty Cổ phần Sữa Việt Nam (Vinamilk)', NULL),
  ('company', 'Tổng công ty Hàng không Việt Nam (Vietnam Airlines)', NULL);
