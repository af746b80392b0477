import { defineMessages } from './define.js';

export const profilesMessages = defineMessages({
  vi: {
    profile_limit_reached: 'Bạn đã có số hồ sơ tối đa. Hãy xóa bớt một hồ sơ trước khi thêm.',
    userProfile_lookup_invalid: 'Trường học hoặc xếp loại đã chọn không còn trong danh sách.',
    userProfile_file_invalid: 'Tệp phải là PDF, DOC hoặc DOCX.',
    userProfile_certification_name_req: 'Vui lòng nhập tên chứng chỉ.',
    userProfile_end_before_start: 'Thời gian kết thúc phải sau thời gian bắt đầu.',
  },
  en: {
    profile_limit_reached: 'You have the most profiles allowed. Delete one before adding another.',
    userProfile_lookup_invalid: 'The chosen school or classification is no longer in the list.',
    userProfile_file_invalid: 'The file must be a PDF, DOC or DOCX.',
    userProfile_certification_name_req: 'Please enter the name of the certificate.',
    userProfile_end_before_start: 'The end must come after the start.',
  },
});
